/**
 * Better recognisers than PocketSphinx, as sherpa-onnx model archives from the k2-fsa/sherpa-onnx
 * "asr-models" release. None can be fetched on machines without internet; `npm run models -- install NAME`
 * installs one where it can, and capabilities report each as installed or not.
 *
 * sha256: a digest is pinned only where it was known when this file was written. For the others the
 * installer computes the digest of the first download and records it in `<modelsDir>/models.lock.json`;
 * later installs must match it (trust on first use), and the pin belongs here once verified.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface ModelEntry {
  name: string;
  kind: 'offline-asr' | 'online-asr';
  family: 'sense-voice' | 'whisper' | 'paraformer' | 'zipformer';
  languages: string[];
  url: string;
  sha256: string | null;
  /** Files that must exist in the unpacked directory for the model to count as installed. */
  files: string[];
}

const BASE = 'https://github.com/k2-fsa/sherpa-onnx/releases/download/asr-models';

export const MODELS: readonly ModelEntry[] = [
  {
    name: 'sherpa-onnx-sense-voice-zh-en-ja-ko-yue-2024-07-17',
    kind: 'offline-asr',
    family: 'sense-voice',
    languages: ['zh-CN', 'zh-TW', 'en-US', 'ja-JP', 'ko-KR', 'yue'],
    url: `${BASE}/sherpa-onnx-sense-voice-zh-en-ja-ko-yue-2024-07-17.tar.bz2`,
    sha256: null,
    files: ['model.int8.onnx', 'tokens.txt'],
  },
  {
    name: 'sherpa-onnx-whisper-small',
    kind: 'offline-asr',
    family: 'whisper',
    languages: ['en-US', 'zh-CN', 'zh-TW', 'ja-JP', 'ko-KR', 'fr-FR', 'de-DE', 'es-ES', 'ru-RU'],
    url: `${BASE}/sherpa-onnx-whisper-small.tar.bz2`,
    sha256: null,
    files: ['small-encoder.int8.onnx', 'small-decoder.int8.onnx', 'small-tokens.txt'],
  },
  {
    name: 'sherpa-onnx-paraformer-zh-2024-03-09',
    kind: 'offline-asr',
    family: 'paraformer',
    languages: ['zh-CN', 'zh-TW', 'en-US'],
    url: `${BASE}/sherpa-onnx-paraformer-zh-2024-03-09.tar.bz2`,
    sha256: null,
    files: ['model.int8.onnx', 'tokens.txt'],
  },
  {
    name: 'sherpa-onnx-streaming-zipformer-bilingual-zh-en-2023-02-20',
    kind: 'online-asr',
    family: 'zipformer',
    languages: ['zh-CN', 'zh-TW', 'en-US'],
    url: `${BASE}/sherpa-onnx-streaming-zipformer-bilingual-zh-en-2023-02-20.tar.bz2`,
    sha256: null,
    files: ['encoder-epoch-99-avg-1.int8.onnx', 'decoder-epoch-99-avg-1.onnx', 'joiner-epoch-99-avg-1.int8.onnx', 'tokens.txt'],
  },
];

export function modelDir(modelsDir: string, entry: ModelEntry) {
  return join(modelsDir, entry.name);
}

export function isInstalled(modelsDir: string, entry: ModelEntry) {
  return entry.files.every((f) => existsSync(join(modelDir(modelsDir, entry), f)));
}
