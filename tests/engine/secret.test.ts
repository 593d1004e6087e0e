/**
 * An engine outside development refuses to start on a secret anyone who has read the repository knows, or on
 * a short one: it would be an open fetcher. The example file's secrets are the ones the rule knows.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseEnv, promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_SECRETS } from '../../contracts/secrets';

const root = new URL('../..', import.meta.url).pathname;

/** Starts engine/main.ts as `npm start` or the container does, with ENGINE_PORT 0 so a start that is allowed cannot collide. */
async function start(env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('ENGINE_') && key !== 'ENVIRONMENT'));
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'engine/main.ts'], {
      cwd: root,
      env: { ...base, ENGINE_PORT: '0', ...env },
      timeout: 60_000,
    });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string; killed?: boolean };
    return { code: failed.killed ? null : (failed.code ?? null), stderr: failed.stderr ?? '' };
  }
}

describe('the engine secret', () => {
  it('every secret in .dev.vars.example is one the rule refuses', () => {
    const example = parseEnv(readFileSync(`${root}/.dev.vars.example`, 'utf8'));
    for (const name of ['JWT_SECRET', 'ENGINE_SECRET']) expect(EXAMPLE_SECRETS.has(example[name]!), name).toBe(true);
  });

  it.each([
    ['the example secret', 'development-only-engine-secret', /ENGINE_SECRET is the example value/],
    ['a short secret', 'short-but-random-3f9a', /ENGINE_SECRET is shorter than 32 bytes/],
    ['no secret', '', /ENGINE_SECRET is not set/],
  ])('outside development, refuses to start on %s', async (_what, secret, why) => {
    const { code, stderr } = await start({ ENGINE_SECRET: secret });
    expect(code).toBe(1);
    expect(stderr).toMatch(why);
  });
});
