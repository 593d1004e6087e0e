import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../scripts/prepare.mjs';

const state = mkdtempSync(join(tmpdir(), 'admin-state-'));
afterAll(() => rmSync(state, { recursive: true, force: true }));

const databaseFile = (dir: string): string => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = databaseFile(path);
      if (found) return found;
    } else if (entry.name.endsWith('.sqlite') && entry.name !== 'metadata.sqlite') return path;
  }
  return '';
};

describe('npm run admin beside a running app', () => {
  it('waits out a database the app holds locked, and the statement then runs once', async () => {
    await migrate(state);
    // A writer holding the local database as the running Worker can: an exclusive transaction for 4 s.
    const holder = spawn('python3', [
      '-c',
      'import sqlite3, sys, time\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\nc.execute("BEGIN EXCLUSIVE")\nprint("locked", flush=True)\ntime.sleep(4)\nc.execute("COMMIT")',
      databaseFile(state),
    ]);
    const [first] = (await once(holder.stdout, 'data')) as [Buffer];
    expect(first.toString()).toContain('locked');
    const out = execFileSync('node', ['scripts/admin.mjs', 'package:create', '--type', '3', '--name', 'Locked out', '--hours', '2', '--persist-to', state], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/Created package \d+/);
    await once(holder, 'exit');
    const listed = execFileSync('node', ['scripts/admin.mjs', 'package:list', '--persist-to', state], { encoding: 'utf8' });
    expect(listed.match(/Locked out/g)).toHaveLength(1);
  });

  it('names a package in each interface language, replaces a name when run again, and lists them all', () => {
    const run = (...args: string[]) => execFileSync('node', ['scripts/admin.mjs', ...args, '--persist-to', state], { encoding: 'utf8' });
    const id = run('package:create', '--type', '3', '--name', 'Ten hours', '--hours', '10', '--price', '39').match(/Created package (\d+)/)![1]!;
    run('package:text', '--package', id, '--locale', 'zh-CN', '--name', '十小时', '--description', '一年内有效');
    run('package:text', '--package', id, '--locale', 'zh-TW', '--name', '十小時');
    run('package:text', '--package', id, '--locale', 'zh-CN', '--name', '转写时长 10 小时', '--description', '一年内用完即可');
    const row = run('package:list')
      .split('\n')
      .find((line) => line.includes('Ten hours'))!;
    expect(row).toContain('转写时长 10 小时');
    expect(row).toContain('十小時');
    expect(row).not.toContain('十小时');
    expect(() => run('package:text', '--package', id, '--locale', 'fr-FR', '--name', 'Dix heures')).toThrow();
    expect(() =>
      execFileSync('node', ['scripts/admin.mjs', 'package:text', '--package', '99999', '--locale', 'en-US', '--name', 'x', '--persist-to', state], {
        stdio: 'pipe',
      }),
    ).toThrow();
  });
});
