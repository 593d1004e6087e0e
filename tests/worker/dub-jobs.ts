import { env, exports } from 'cloudflare:workers';
import type { DubLineRow, DubProject } from '../../contracts/dubbing';
import type { Page } from '../../contracts/records';
import type { UploadInitResponse, UploadedFile } from '../../contracts/uploads';
import { get, send } from './api';

/** Dubbing from the outside, for the suites that need a dubbed project: package, upload, waiting, lines. */

export const dubBase = '/prod-api/speech/video/transcribe';

export async function grantDubbing(userId: number, seconds: number) {
  await env.DB.prepare("INSERT INTO accounts (user_id, account_type, valid_until, remaining_seconds) VALUES (?, 'dubbing', ?, ?)")
    .bind(userId, Date.now() + 86_400_000, seconds)
    .run();
}

export const remaining = async (userId: number) =>
  (await env.DB.prepare("SELECT remaining_seconds AS s FROM accounts WHERE user_id = ? AND account_type = 'dubbing'").bind(userId).first<{ s: number }>())!.s;

/** Uploads a video the way the dubbing dialog does: create, PUT each part, report it, complete. */
export async function uploadVideo(token: string, name: string, bytes: Uint8Array) {
  const init = (await send<UploadInitResponse>(`${dubBase}/create`, { oriFileName: name, fileSize: bytes.length }, { token })).body.data;
  for (const [i, url] of init.uploadUrls.entries()) {
    const res = await exports.default.fetch(new Request(url, { method: 'PUT', body: bytes.subarray(i * init.chunkSize, (i + 1) * init.chunkSize) }));
    await send(`${dubBase}/uploadBlock`, { uploadId: init.uploadId, partNumber: i + 1, etag: res.headers.get('etag') }, { token });
  }
  return (await send<UploadedFile>(`${dubBase}/upload`, { uploadId: init.uploadId }, { token })).body.data;
}

export const project = async (token: string, id: number) => (await get<DubProject>(`${dubBase}/getSynthesis?id=${id}`, token)).body.data;

/** Polls the project until it is dubbed or failed; `seen` gets each running state the editor would show. */
export async function waitForDub(token: string, id: number, timeoutMs = 150_000, seen?: (p: DubProject) => void) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const p = await project(token, id);
    seen?.(p);
    if (p.record.status === 'dub_complete' || p.record.status === 'dub_err') return p;
    if (Date.now() > until) throw new Error(`dubbing ${id} stuck in ${p.record.status} / ${p.stage}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export const dubLines = async (token: string, id: number) =>
  (await send<Page<DubLineRow>>(`${dubBase}/getFileDataContentPageList`, { id, pageNum: 1, pageSize: 100 }, { token })).body.data.rows;
