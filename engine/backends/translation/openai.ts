/**
 * Contextual translation through any OpenAI-compatible chat endpoint. Sentences go in numbered batches sized
 * by estimated tokens as the Worker's Workers AI translator sizes them (contracts/translation-batches), with
 * the preceding sentences as read-only context, so pronouns and terms stay consistent across a transcript;
 * glossary terms are imposed in the instructions (prompt shared with the Worker: contracts/engine-translate).
 */
import type { TranslationPair } from '../../../contracts/engine';
import { LANGUAGES } from '../../../contracts/engine-languages';
import { LLM_CONTEXT, parseTranslations, translationMessages } from '../../../contracts/engine-translate';
import { translationBatches } from '../../../contracts/translation-batches';
import { EngineHttpError } from '../../http';
import { chatCompletion, type ChatEndpoint } from '../openai-upstream';
import type { Translator } from './types';

export function createOpenAiTranslator(endpoint: ChatEndpoint, fetchImpl: typeof fetch = fetch): Translator {
  return {
    name: 'openai-compatible',
    pairs(): TranslationPair[] {
      const codes = LANGUAGES.map((l) => l.code);
      return codes.flatMap((from) => codes.filter((to) => to !== from).map((to) => ({ from, to, backend: 'openai-compatible' })));
    },
    async translate(from, to, texts, glossary) {
      const out: string[] = [];
      for (const batch of translationBatches(texts, (t) => t)) {
        const context = texts.slice(Math.max(0, out.length - LLM_CONTEXT), out.length);
        const content = await chatCompletion('translation', endpoint, translationMessages(from, to, batch, context, glossary), 0, fetchImpl);
        const parsed = parseTranslations(content, batch.length);
        if (!parsed) throw new EngineHttpError(502, 'upstream', `the translation model did not return ${batch.length} translations`);
        out.push(...parsed);
      }
      return out;
    },
  };
}
