/**
 * Shared bench set-up: the real engine and the real Worker (`wrangler dev`) on free ports against fresh
 * local state, a signed-up user with hours to spend, and the browser's upload path.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { API } from '../contracts/api-paths';
import { API_BASE } from '../contracts/constants';
import type { UploadInitResponse, UploadedFile } from '../contracts/uploads';
import { migrate, wranglerEnv } from '../scripts/prepare.mjs';
import { run } from '../scripts/process.mjs';
import { freePort, startEngine, startWorker } from '../scripts/services.mjs';

export async function startApp(name: string) {
  const state = `.wrangler/bench-${name}`;
  rmSync(state, { recursive: true, force: true });
  const enginePort = await freePort();
  // BENCH_LOG=1 shows the engine's and the Worker's own output.
  const log = process.env.BENCH_LOG === '1';
  // The engine starts while the database is migrated; the Worker opens that database, so it comes after.
  const [engine, migrated] = await Promise.allSettled([startEngine({ port: enginePort, log }), migrate(state)]);
  if (engine.status === 'rejected' || migrated.status === 'rejected') {
    if (engine.status === 'fulfilled') await engine.value.stop();
    throw engine.status === 'rejected' ? engine.reason : (migrated as PromiseRejectedResult).reason;
  }
  const port = await freePort();
  const worker = await startWorker({ port, enginePort, persistTo: state, log }).catch(async (error: unknown) => {
    await engine.value.stop();
    throw error;
  });
  const api = `http://127.0.0.1:${port}${API_BASE}`;
  const stop = async () => {
    await worker.stop();
    await engine.value.stop();
    rmSync(state, { recursive: true, force: true });
  };
  // The Worker's own secret for the engine, so a bench can also call the engine directly (its baseline).
  const engineSecret = parseEnv(readFileSync('.dev.vars', 'utf8')).ENGINE_SECRET!;
  return { api, engineUrl: `http://127.0.0.1:${enginePort}`, engineSecret, state, workerPid: worker.child.pid!, stop };
}

export type App = Awaited<ReturnType<typeof startApp>>;

/** Calls need only the Worker's address: a bench that starts the Worker alone passes `{ api }`. */
type Api = Pick<App, 'api'>;

async function call<T>(app: Api, path: string, init: RequestInit & { token?: string } = {}) {
  const send = () =>
    fetch(app.api + path, {
      ...init,
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    });
  // A kept-alive connection the server dropped while idle fails before the request is read: send it again.
  const res = await send().catch((error: Error & { cause?: { code?: string } }) => {
    if (error.cause?.code === 'ECONNRESET' || error.cause?.code === 'UND_ERR_SOCKET') return send();
    throw error;
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
}

export const post = <T>(app: Api, path: string, body: unknown, token?: string) =>
  call<T>(app, path, { method: 'POST', body: JSON.stringify(body), ...(token ? { token } : {}) });
export const get = <T>(app: Api, path: string, token: string) => call<T>(app, path, { token });

/** Signs up through the development outbox. */
export async function signUpUser(app: Api) {
  const email = `bench${Date.now()}@example.test`;
  await post(app, API.auth.getValidCode, { target: email });
  const outbox = await call<{ body: string }[]>(app, `${API.dev.outbox}?to=${encodeURIComponent(email)}`);
  const code = outbox[0]!.body.match(/\b(\d{6})\b/)![1];
  const { token, user } = await post<{ token: string; user: { id: number } }>(app, API.auth.doLoginByValidCode, { target: email, code });
  return { token, userId: user.id };
}

/** Gives a user an account (a membership or hours) valid for a day, straight in the local database. */
export async function grantAccount(app: App, userId: number, type: 'duration' | 'svip', seconds: number) {
  await run(
    'npx',
    [
      'wrangler',
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      app.state,
      '--command',
      `INSERT INTO accounts (user_id, account_type, valid_until, remaining_seconds) VALUES (${userId}, '${type}', ${Date.now() + 86_400_000}, ${seconds})`,
    ],
    { env: wranglerEnv, quiet: true },
  );
}

/** A signed-up user with `hours` of transcription time; returns the token. */
export async function userWithHours(app: App, hours: number) {
  const { token, userId } = await signUpUser(app);
  await grantAccount(app, userId, 'duration', hours * 3600);
  return token;
}

/**
 * One part's PUT, tried again after a dropped connection as the browser's uploader does (web/lib/uploader.ts):
 * a Worker busy on a loaded machine may close a connection mid-body.
 */
async function putPart(url: string, part: Uint8Array<ArrayBuffer>) {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, { method: 'PUT', body: part }).catch((error: unknown) => {
      if (attempt >= 3) throw error;
    });
    if (!res) {
      await new Promise((r) => setTimeout(r, 500 * attempt));
      continue;
    }
    // A refusal (not a dropped connection) would be refused again.
    if (!res.ok) throw new Error(`${url.split('?')[0]}: ${res.status}`);
    return res;
  }
}

/** The browser's upload: init, PUT parts straight to their presigned URLs 5 at a time, report each, complete. */
export async function upload(app: App, token: string, name: string, bytes: Buffer) {
  const init = await post<UploadInitResponse>(app, API.uploads.uploadInit, { oriFileName: name, fileSize: bytes.length }, token);
  let next = 0;
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      while (next < init.uploadUrls.length) {
        const i = next++;
        const part = new Uint8Array(bytes.subarray(i * init.chunkSize, (i + 1) * init.chunkSize));
        const res = await putPart(init.uploadUrls[i]!, part);
        await post(app, API.uploads.uploadBlock, { uploadId: init.uploadId, partNumber: i + 1, etag: res.headers.get('etag') }, token);
      }
    }),
  );
  return init;
}

export const complete = (app: App, token: string, uploadId: string) => post<UploadedFile>(app, API.uploads.mergeFileData, { uploadId }, token);

/** Resident memory (MB) of the workerd processes under the Worker's process group. */
export function workerdRssMb(groupLeader: number): number {
  const rows = execFileSync('ps', ['-eo', 'pgid=,rss=,comm='], { encoding: 'utf8' }).split('\n');
  return rows
    .map((r) => r.trim().split(/\s+/))
    .filter(([pgid, , comm]) => Number(pgid) === groupLeader && comm?.startsWith('workerd'))
    .reduce((sum, [, rss]) => sum + Number(rss) / 1024, 0);
}

/** The one SQLite file under a wrangler state folder's store of `kind` (d1 or r2). */
export function sqliteFile(state: string, kind: 'd1' | 'r2') {
  const dir = join(state, 'v3', kind);
  const found = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sqlite') && !f.includes('metadata'));
  if (found.length !== 1) throw new Error(`expected one ${kind} database under ${dir}, found ${found.length}`);
  return join(dir, found[0]!);
}

/** Rows of a read-only query on a local SQLite file, by the sqlite3 command. */
export const query = <T>(file: string, sql: string): T[] => {
  const out = execFileSync('sqlite3', ['-readonly', '-json', file, sql], { encoding: 'utf8' }).trim();
  return out ? (JSON.parse(out) as T[]) : [];
};
