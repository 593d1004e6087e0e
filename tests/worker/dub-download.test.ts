import { env } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { DubForm } from '../../contracts/dubbing';
import { dubProjects } from '../../worker/db/schema';
import { translate } from '../../worker/lib/i18n';
import { DUB_ZIP_MAX_BYTES, dubDownload } from '../../worker/services/dubbing/download';
import { dubbedPrefix } from '../../worker/services/dubbing/storage';
import { signUp } from './api';
import { createRecord, db, defaultFolderId } from './seed';

/**
 * The dubbing zip's size limit: videos past what one request can stream are refused up front with the total
 * and the limit, so the user downloads fewer at a time instead of meeting a download cut off half way. The
 * limit is five of the largest uploads (gigabytes); a smaller one stands in for it here, with the same rule.
 */

/** A dubbed project whose video of `bytes` bytes is kept in R2 for another day. */
async function dubbedProject(userId: number, folderId: number, name: string, bytes: number) {
  const record = await createRecord(userId, folderId, { type: 'dubbing', status: 'dub_complete', name });
  const outputKey = `${dubbedPrefix(record.id)}v1.mp4`;
  await env.MEDIA.put(outputKey, new Uint8Array(bytes).fill(7));
  await db.insert(dubProjects).values({
    recordId: record.id,
    userId,
    form: {} as DubForm,
    stage: 'done',
    outputKey,
    expiresAt: Date.now() + 86_400_000,
    updatedAt: Date.now(),
  });
  return record.id;
}

const query = (ids: number[]) => ({ idStr: ids, type: 'srt', msgType: '3', speaker: '0' }) as Parameters<typeof dubDownload>[3];

describe('the dubbing zip limit', () => {
  it('refuses videos past the limit with their total and the limit, and zips what fits', async () => {
    expect(DUB_ZIP_MAX_BYTES).toBeGreaterThanOrEqual(4 * 1024 ** 3);
    const { token, userId } = await signUp();
    const folder = await defaultFolderId(token);
    const ids = [await dubbedProject(userId, folder, 'Launch', 600_000), await dubbedProject(userId, folder, 'Recap', 900_000)];
    // 1.5 MB of video against a 1.2 MB limit: the same rule as 1.5 GB against 1.2 GB.
    const limit = 1_200_000;
    const refused = await dubDownload(db, env, userId, query(ids), 'en-US', true, Date.now(), limit).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400, key: 'dubZipTooLarge' });
    const { key, params } = refused as { key: 'dubZipTooLarge'; params: Record<string, string> };
    expect(params).toEqual({ size: (1_500_000 / 1e9).toFixed(1), max: (limit / 1e9).toFixed(1) });
    expect(translate('zh-CN', key, params)).toMatch(/^所选配音视频共 .+ GB，单次下载最多 .+ GB/);

    // Subtitles alone carry no video, and one video under the limit zips whole.
    const subtitles = await dubDownload(db, env, userId, query(ids), 'en-US', false, Date.now(), limit);
    expect(subtitles.empty).toBe(true);
    const one = await dubDownload(db, env, userId, query([ids[1]!]), 'en-US', true, Date.now(), limit);
    const files = unzipSync(new Uint8Array(await new Response(one.body).arrayBuffer()));
    expect(Object.entries(files).map(([name, data]) => [name, data.length])).toEqual([['Recap.mp4', 900_000]]);
  });
});
