import { ASK_REPLY_TOKENS, type EngineAskRequest } from '../../../contracts/ask-prompt';
import { ENGINE_PATHS } from '../../../contracts/engine';
import { chatStreamTexts } from '../../../contracts/server-events';
import { type EngineClient, type ProviderEnv, ProviderError, engineClient } from '../providers';
import { type AiLike, MODELS } from '../providers/workers-ai';
import { pacedAi, textGenerationPace } from '../providers/workers-ai-limits';

/**
 * The language model that writes generated answers, chosen as summaries choose theirs (SUMMARY_PROVIDER):
 * - "workers-ai" with the `AI` binding: Workers AI's text model, its calls paced with translation and summaries
 *   under the account's text-generation limit (../providers/workers-ai-limits.ts);
 * - "engine" where the engine has an OpenAI-compatible chat upstream (ENGINE_OPENAI_CHAT_*, its summaries'
 *   backend "openai-compatible"): the engine's `/v1/ask`, which streams the upstream's `stream: true` answer.
 * Otherwise there is none and answers stay extractive. Both get the same prompt (contracts/ask-prompt.ts).
 */

export type ChatMessage = { role: 'system' | 'user'; content: string };

export interface AnswerModel {
  readonly name: string;
  /** The reply's text in the pieces the model sends it. */
  stream(messages: ChatMessage[]): AsyncIterable<string>;
}

export async function answerModel(env: ProviderEnv): Promise<AnswerModel | undefined> {
  const choice = (env.SUMMARY_PROVIDER || 'engine').trim();
  if (choice === 'workers-ai') return env.AI && workersAiAnswers(pacedAi(env.AI as AiLike, [MODELS.summarize], textGenerationPace(env)));
  if (choice !== 'engine') return undefined;
  const engine = engineClient(env);
  // Capabilities are cached for the engine's address; an engine out of reach leaves the quoted answer.
  const backend = await engine.capabilities().then(
    (caps) => caps.summary.backend,
    () => undefined,
  );
  return backend === 'openai-compatible' ? engineAnswers(engine) : undefined;
}

/** Workers AI's streamed text generation: `stream: true` answers a ReadableStream of server-sent events. */
export function workersAiAnswers(ai: AiLike): AnswerModel {
  return {
    name: 'workers-ai',
    async *stream(messages) {
      // Qwen3 is told not to reason first: an answer from given lines needs none, and it would delay the first words.
      const last = messages.length - 1;
      const asked = messages.map((m, i) => (i === last ? { ...m, content: `${m.content}\n/no_think` } : m));
      const body = await ai.run(MODELS.summarize, { messages: asked, stream: true, temperature: 0.2, max_tokens: ASK_REPLY_TOKENS });
      if (!(body instanceof ReadableStream)) throw new ProviderError(`${MODELS.summarize} did not stream its answer`);
      yield* chatStreamTexts(body as ReadableStream<Uint8Array>);
    },
  };
}

/** The engine's chat upstream: `/v1/ask` streams its answer as events of the same form as Workers AI's. */
export function engineAnswers(engine: EngineClient): AnswerModel {
  return {
    name: 'openai-compatible',
    async *stream(messages) {
      const res = await engine.request(ENGINE_PATHS.ask, {
        method: 'POST',
        body: JSON.stringify({ messages } satisfies EngineAskRequest),
        headers: { 'content-type': 'application/json' },
      });
      if (!res.body) throw new ProviderError('the engine answered the question with no body');
      yield* chatStreamTexts(res.body);
    },
  };
}
