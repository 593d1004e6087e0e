import type { TranslationPair } from '../../../contracts/engine';
import type { GlossaryEntry } from './glossary';

export interface Translator {
  name: string;
  pairs(): TranslationPair[];
  /** One output per input, in order. Only called for a pair this translator listed. */
  translate(from: string, to: string, texts: string[], glossary?: GlossaryEntry[]): Promise<string[]>;
}
