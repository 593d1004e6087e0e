/** Chinese script conversion with OpenCC's dictionaries, phrase-level for Taiwan usage (软件 → 軟體). */
import * as OpenCC from 'opencc-js';
import type { TranslationPair } from '../../../contracts/engine';
import { protect, restore, type GlossaryEntry } from './glossary';
import type { Translator } from './types';

const converters = {
  'zh-CN>zh-TW': OpenCC.Converter({ from: 'cn', to: 'twp' }),
  'zh-TW>zh-CN': OpenCC.Converter({ from: 'twp', to: 'cn' }),
} as const;

export const openccTranslator: Translator = {
  name: 'opencc',
  pairs(): TranslationPair[] {
    return Object.keys(converters).map((k) => {
      const [from, to] = k.split('>') as [string, string];
      return { from, to, backend: 'opencc' };
    });
  },
  async translate(from: string, to: string, texts: string[], glossary?: GlossaryEntry[]) {
    const convert = converters[`${from}>${to}` as keyof typeof converters];
    return texts.map((t) => restore(convert(protect(t, glossary)), glossary));
  },
};
