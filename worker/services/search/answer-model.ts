import { ASK_REPLY_TOKENS } from '../../../contracts/ask-prompt';
import { type ProviderEnv, ProviderError } from '../providers';
import { type AiLike, MODELS } from '../providers/workers-ai';
import { pacedAi, textGenerationPace } from '../providers/workers-ai-limits';

/**
 * The language model that writes generated answers, chosen as summaries choose theirs: with
 * `SUMMARY_PROVIDER = "workers-ai"` and the `AI` binding, Workers AI's text model, its calls paced with
 * translation and summaries under the account's text-generation limit (../providers/workers-ai-limits.ts).
 * Otherwise there is none and answers stay extractive.
 */

export type ChatMessage = { role: 'system' | 'user'; content: string };

export interface AnswerModel {
  readonly name: string;
  /** The reply's text in the pieces the model sends it. */
  stream(messages: ChatMessage[]): AsyncIterable<string>;
}

export function answerModel(env: ProviderEnv): AnswerModel | undefined {
  if ((env.SUMMARY_PROVIDER || 'engine').trim() !== 'workers-ai' || !env.AI) return undefined;
  return workersAiAnswers(pacedAi(env.AI as AiLike, [MODELS.summarize], textGenerationPace(env)));
}

/**
 * Workers AI's streamed text generation: `stream: true` answers a ReadableStream of server-sent events, each
 * `data: {"response": "…"}` (or an OpenAI-style `choices[0].delta.content`), ending with `data: [DONE]`.
 */
export function workersAiAnswers(ai: AiLike): AnswerModel {
  return {
    name: 'workers-ai',
    async *stream(messages) {
      // Qwen3 is told not to reason first: an answer from given lines needs none, and it would delay the first words.
      const last = messages.length - 1;
      const asked = messages.map((m, i) => (i === last ? { ...m, content: `${m.content}\n/no_think` } : m));
      const body = await ai.run(MODELS.summarize, { messages: asked, stream: true, temperature: 0.2, max_tokens: ASK_REPLY_TOKENS });
      if (!(body instanceof ReadableStream)) throw new ProviderError(`${MODELS.summarize} did not stream its answer`);
      yield* sseTexts(body as ReadableStream<Uint8Array>);
    },
  };
}

type StreamEvent = { response?: string; choices?: { delta?: { content?: string | null } }[] };

/** The text of each `data:` event of a server-sent event stream, until `[DONE]` or its end. */
export async function* sseTexts(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    const events = buffer.split(/\r?\n\r?\n/);
    buffer = events.pop() ?? '';
    for (const event of events) {
      const data = event
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n');
      if (!data) continue;
      if (data === '[DONE]') return;
      const parsed = JSON.parse(data) as StreamEvent;
      const text = parsed.response ?? parsed.choices?.[0]?.delta?.content ?? '';
      if (text) yield text;
    }
  }
}
