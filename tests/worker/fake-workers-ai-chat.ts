import type { AiLike } from '../../worker/services/providers/workers-ai';
import { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL } from '../../worker/services/search/vectors';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream: boolean;
}

/**
 * Workers AI's text generation streaming a chat answer, as the `AI` binding does for `stream: true`
 * (Cloudflare's Workers AI docs): a ReadableStream of server-sent events, `data: {"response":"…"}` per piece,
 * then `data: [DONE]`. Like qwen3 asked not to reason, the reply opens with an empty `<think>` block. Having
 * no model, it replies what the test's `reply` writes for the request, in pieces of `pieceChars` characters,
 * and records every request. While `hold` is set it stops after the first piece until `release()`, so a test
 * can see the first piece reach the client before the answer is written. `failing` throws as an unreachable
 * binding does.
 *
 * It embeds text too, as `@cf/baai/bge-m3` answers `{ text: string[] }`: `{ shape: [n, 1024], data, pooling }`,
 * one vector per text in order (Workers AI's model page). Having no model, a text's vector counts the words of
 * each of `meanings` (groups of words taken as saying the same thing, in any language) it holds, over a small
 * part every sentence shares: texts saying the same thing score a cosine near 1, unrelated ones about 0.2.
 */
export function fakeWorkersAiChat(reply: (request: ChatRequest) => string, { pieceChars = 12, meanings = [] as string[][] } = {}) {
  const requests: ChatRequest[] = [];
  const embedded: string[][] = [];
  const state = { hold: false, failing: false };
  let release = () => {};
  const held = () => new Promise<void>((resolve) => (release = resolve));
  const vectorOf = (text: string) => {
    const lower = text.toLowerCase();
    const values = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
    for (const [i, words] of meanings.entries()) values[i] = words.filter((w) => lower.includes(w)).length;
    values[EMBEDDING_DIMENSIONS - 1] = 0.2;
    return values;
  };
  const ai: AiLike = {
    async run(model, inputs) {
      if (state.failing) throw new Error('Network connection lost.');
      if (model === EMBEDDING_MODEL) {
        const texts = inputs.text as string[];
        embedded.push(texts);
        return { shape: [texts.length, EMBEDDING_DIMENSIONS], data: texts.map(vectorOf), pooling: 'cls' };
      }
      const request = { model, messages: inputs.messages as ChatRequest['messages'], stream: inputs.stream === true };
      requests.push(request);
      const text = `<think>\n\n</think>\n\n${reply(request)}`;
      if (!request.stream) return { response: text };
      const pieces: string[] = [];
      for (let i = 0; i < text.length; i += pieceChars) pieces.push(text.slice(i, i + pieceChars));
      const encoder = new TextEncoder();
      const hold = state.hold ? held() : undefined;
      return new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const [i, piece] of pieces.entries()) {
            controller.enqueue(encoder.encode(`data: ${JSON.stringify({ response: piece, p: 'abc' })}\n\n`));
            // The first piece after the empty reasoning block carries words: hold after it.
            if (hold && i === Math.floor('<think>\n\n</think>\n\n'.length / pieceChars)) await hold;
          }
          controller.enqueue(encoder.encode('data: {"response":"","usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}\n\n'));
          controller.enqueue(encoder.encode('data: [DONE]\n\n'));
          controller.close();
        },
      });
    },
  };
  return { ai, requests, embedded, state, release: () => release() };
}

/** The JSON lines the prompt quotes, as the model reads them (contracts/ask-prompt.ts). */
export function quotedLines(request: ChatRequest): { id: number; record: string; speaker: string; at: string; text: string }[] {
  const user = request.messages.find((m) => m.role === 'user')!.content;
  return JSON.parse(/^Transcript lines \(JSON data\):\n(.*)$/m.exec(user)![1]!);
}
