import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/services.mjs';
import { grantHours, signUp } from './api';
import { recall } from './librivox-clip';

/**
 * docs/api.md's walk-through, run as written: its `sh` blocks, in order, in bash against the suite's Worker and
 * real engine. A person's session token creates a key and registers a webhook endpoint; everything after it
 * (presigned upload, transcription, polling, the SRT) goes through that key, and the example receiver
 * (docs/examples/webhook-receiver.mjs) prints the signed `transcription.completed` only once it verifies.
 */
const CLIP = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';

const walkThrough = () => [...readFileSync('docs/api.md', 'utf8').matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!).join('\n');

describe('the API walk-through in docs/api.md', () => {
  it('uploads, transcribes, fetches the SRT with a new key and receives the signed webhook, exactly as the page says', { timeout: 300_000 }, async () => {
    const script = walkThrough();
    expect(script).toContain('/prod-api/developer/keys');
    const token = await signUp('api-walkthrough');
    await grantHours(token, 1);
    const dir = mkdtempSync(join(tmpdir(), 'e2e-api-'));
    copyFileSync(CLIP, join(dir, 'talk.wav'));

    const run = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: dir,
      env: {
        ...process.env,
        TINGYI: inject('baseURL'),
        TOKEN: token,
        FILE: 'talk.wav',
        RECEIVER: join(process.cwd(), 'docs/examples/webhook-receiver.mjs'),
        HOOK_PORT: String(await freePort()),
      },
      timeout: 280_000,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`the walk-through failed:\n${error.stdout}\n${error.stderr}`);
    });
    expect(run.stdout).toMatch(/status: transcription_completed/);

    const srt = readFileSync(join(dir, 'transcript.srt'), 'utf8');
    expect(srt).toMatch(/^1\r?\n\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}\r?\n/);
    expect(recall(srt)).toBeGreaterThan(0.3);

    const record = Number(/record: (\d+)/.exec(run.stdout)?.[1]);
    const deliveries = readFileSync(join(dir, 'webhook.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; type: string; data: { recordId: number } });
    expect(deliveries).toContainEqual({
      id: expect.stringMatching(/^msg_/),
      type: 'transcription.completed',
      data: expect.objectContaining({ recordId: record }),
    });
  });
});
