import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../engine/models/catalog';

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'engine/models/cli.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, ENGINE_MODELS_DIR: '/tmp/tingyi-models-test' },
  });

describe('model catalog CLI', () => {
  it('lists every catalog model with its install state', () => {
    const r = cli('list');
    expect(r.status).toBe(0);
    for (const m of MODELS) expect(r.stdout).toContain(m.name);
    expect(r.stdout).toContain('/tmp/tingyi-models-test');
  });

  it('refuses an unknown model by name, listing the known ones', () => {
    const r = cli('install', 'no-such-model');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unknown model "no-such-model"; known: sherpa-onnx-sense-voice/);
  });

  it('catalog entries name sherpa-onnx release archives and the files that prove installation', () => {
    for (const m of MODELS) {
      expect(m.url).toMatch(/^https:\/\/github\.com\/k2-fsa\/sherpa-onnx\/releases\/download\/asr-models\/.+\.tar\.bz2$/);
      expect(m.files.length).toBeGreaterThan(0);
    }
  });
});
