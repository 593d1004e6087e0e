import type { AiLike } from '../../worker/services/providers/workers-ai';

/**
 * Workers AI's text generation as the `AI` binding answers it, for translation within the account's limit:
 * qwen3's chat completion for the numbered-sentence prompt (contracts/engine-translate.ts), each sentence
 * "translated" as `[to] sentence` so a test sees which line came back where, and the requests-per-minute
 * limit: past `perMinute` requests in any sliding minute the call throws what the binding throws for a 429,
 * an Error whose message starts with the internal code ("3021: rate limiting: …", Cloudflare's errors page).
 * Refused calls do not count. The minute's length and the clock are the test's: a shorter minute keeps the
 * ratio. `othersUsed` spends part of a minute as the account's other users do, unseen by Tingyi's pace.
 */
export function fakeWorkersAiText({ perMinute = 300, minuteMs = 60_000, now = Date.now, latencyMs = 5 } = {}) {
  const accepted: number[] = [];
  const stats = { requests: 0, refused: 0, translated: 0, batches: [] as number[] };
  /** Sentences whose call answers as a broken reply would (not JSON), while `failing` holds them. */
  const failing = new Set<string>();
  const open = () => {
    const t = now();
    while (accepted.length && accepted[0]! <= t - minuteMs) accepted.shift();
    return t;
  };
  const ai: AiLike = {
    async run(_model, inputs) {
      stats.requests++;
      const t = open();
      if (accepted.length >= perMinute) {
        stats.refused++;
        throw new Error('3021: rate limiting: inference request per min rate reached');
      }
      accepted.push(t);
      await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const [system, user] = inputs.messages as { content: string }[];
      const to = /into .+ \(([\w-]+)\)\./.exec(system!.content)![1]!;
      const sentences = user!.content
        .split('Sentences:\n')[1]!
        .split('\n')
        .map((l) => /^\d+\. (.*)$/.exec(l)?.[1])
        .filter((l): l is string => l !== undefined);
      stats.batches.push(sentences.length);
      if (sentences.some((s) => failing.has(s))) return { response: 'I cannot help with that.' };
      stats.translated += sentences.length;
      const content = `<think>\n\n</think>\n\n${JSON.stringify({ translations: sentences.map((s) => `[${to}] ${s}`) })}`;
      return { object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] };
    },
  };
  return {
    ai,
    stats,
    failing,
    /** `n` requests by the account's other users, made `agoMs` before now. */
    othersUsed(n: number, agoMs: number) {
      open();
      for (let i = 0; i < n; i++) accepted.push(now() - agoMs);
      accepted.sort((a, b) => a - b);
    },
  };
}
