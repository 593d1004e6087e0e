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
});
