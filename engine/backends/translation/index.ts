/**
 * Picks a translator per language pair: OpenCC for the Chinese scripts (exact, instant), then Apertium, then
 * the LLM endpoint when configured. A pair nobody serves is an error — never an echo of the input.
 */
import type { CapabilitiesResponse, TranslationPair } from '../../../contracts/engine';
import { LANGUAGES } from '../../../contracts/engine-languages';
import { EngineHttpError } from '../../http';
import type { EngineConfig } from '../../config';
import { createApertium } from './apertium';
import type { GlossaryEntry } from './glossary';
import { createOpenAiTranslator } from './openai';
import { openccTranslator } from './opencc';
import type { Translator } from './types';

export class Translation {
  private constructor(private readonly translators: Translator[]) {}

  static async create(config: EngineConfig): Promise<Translation> {
    const list: Translator[] = [openccTranslator, await createApertium()];
    if (config.openaiChat) list.push(createOpenAiTranslator(config.openaiChat));
    return new Translation(list);
  }

  pairs(): TranslationPair[] {
    const seen = new Set<string>();
    const out: TranslationPair[] = [];
    for (const t of this.translators) {
      for (const p of t.pairs()) {
        if (seen.has(`${p.from}>${p.to}`)) continue;
        seen.add(`${p.from}>${p.to}`);
        out.push(p);
      }
    }
    return out;
  }

  capabilities(): CapabilitiesResponse['translation'] {
    const pairs = this.pairs();
    const have = new Set(pairs.map((p) => `${p.from}>${p.to}`));
    const unavailable = LANGUAGES.flatMap((a) =>
      LANGUAGES.filter((b) => b.code !== a.code && !have.has(`${a.code}>${b.code}`)).map((b) => ({
        from: a.code,
        to: b.code,
        reason: 'no translator installed for this pair: install an Apertium pair or set ENGINE_OPENAI_CHAT_URL',
      })),
    );
    return { pairs, unavailable };
  }

  async translate(from: string, to: string, texts: string[], glossary?: GlossaryEntry[]): Promise<{ backend: string; texts: string[] }> {
    const translator = this.translators.find((t) => t.pairs().some((p) => p.from === from && p.to === to));
    if (!translator) {
      throw new EngineHttpError(
        422,
        'unsupported_pair',
        `no translator for ${from} → ${to}; available: ${this.pairs()
          .map((p) => `${p.from}→${p.to}`)
          .join(', ')}`,
      );
    }
    return { backend: translator.name, texts: await translator.translate(from, to, texts, glossary) };
  }
}
