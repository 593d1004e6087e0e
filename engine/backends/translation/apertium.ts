/**
 * Apertium rule-based pairs, whichever language-pair packages are installed (`apertium -l` lists them).
 * Pairs are discovered once at start-up; installing a pair needs an engine restart.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TranslationPair } from '../../../contracts/engine';
import { EngineHttpError } from '../../http';
import { ApertiumPipeline } from './apertium-pipeline';
import { protect, restore, type GlossaryEntry } from './glossary';
import type { Translator } from './types';

const exec = promisify(execFile);
/** Where `apertium` reads its pairs' modes, as the `apertium` script finds them. */
const MODES_DIR = join(process.env.APERTIUM_DATADIR ?? '/usr/share/apertium', 'modes');

/** Apertium's ISO 639 codes for the languages Tingyi names. */
const CODES: Record<string, string> = {
  eng: 'en-US',
  en: 'en-US',
  spa: 'es-ES',
  es: 'es-ES',
  fra: 'fr-FR',
  fr: 'fr-FR',
  deu: 'de-DE',
  de: 'de-DE',
  rus: 'ru-RU',
  ru: 'ru-RU',
  jpn: 'ja-JP',
  kor: 'ko-KR',
  zho: 'zh-CN',
  cmn: 'zh-CN',
};

function run(mode: string, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // apertium reopens /dev/stdin, which fails on the Unix socket Node uses for a child's stdin; `cat`
    // turns it into a real pipe.
    const child = spawn('sh', ['-c', 'cat | apertium -u -f txt "$0"', mode], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new EngineHttpError(502, 'upstream', `apertium ${mode}: ${err.trim()}`))));
    child.stdin.end(input);
  });
}

export async function createApertium(): Promise<Translator & { modes: Map<string, string> }> {
  const modes = new Map<string, string>();
  try {
    const { stdout } = await exec('apertium', ['-l']);
    for (const mode of stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)) {
      const [src, dst] = mode.split('-');
      // Variant modes (spa-eng_US) duplicate the base pair for our purposes.
      const from = src && CODES[src];
      const to = dst && CODES[dst];
      if (from && to && !modes.has(`${from}>${to}`)) modes.set(`${from}>${to}`, mode);
    }
  } catch {
    // apertium not installed: no pairs, reported as such by capabilities.
  }
  // Each pair's pipeline, kept running between calls (apertium-pipeline.ts); a one-off run where it cannot answer.
  const pipelines = new Map<string, ApertiumPipeline>();
  const pipelineOf = (mode: string) => {
    const file = join(MODES_DIR, `${mode}.mode`);
    if (!pipelines.has(mode) && existsSync(file)) pipelines.set(mode, new ApertiumPipeline(file));
    return pipelines.get(mode);
  };
  return {
    name: 'apertium',
    modes,
    pairs: () =>
      [...modes.keys()].map((k) => {
        const [from, to] = k.split('>') as [string, string];
        return { from, to, backend: 'apertium' } satisfies TranslationPair;
      }),
    async translate(from, to, texts, glossary?: GlossaryEntry[]) {
      const mode = modes.get(`${from}>${to}`)!;
      // One sentence per line, line breaks inside a sentence flattened.
      const flat = texts.map((t) => protect(t.replace(/\s*\n\s*/g, ' '), glossary));
      const piped = await pipelineOf(mode)
        ?.translate(flat)
        .catch((err: unknown) => console.error('apertium pipeline failed; translating with a one-off run', mode, String(err)));
      if (piped) return piped.map((t) => restore(t, glossary));
      // One process for the whole batch.
      const lines = (await run(mode, `${flat.join('\n')}\n`)).replace(/\n$/, '').split('\n');
      if (lines.length !== texts.length) {
        const each = await Promise.all(flat.map((t) => run(mode, `${t}\n`)));
        return each.map((t) => restore(t.trim(), glossary));
      }
      return lines.map((l) => restore(l.trim(), glossary));
    },
  };
}
