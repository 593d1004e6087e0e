import { Code } from '../../contracts/errors';
import type { Db } from '../db/client';
import { ApiError } from '../lib/errors';
import { sharedBy } from './records';
import { playableMedia } from './transcription/detail';

/**
 * The share page's player: the same media the owner's record page plays, read straight from storage for
 * whoever holds a live share link (the link is the only credential, so no presigned URL outlives it). `range`
 * is the request's headers, so a seek reads only its bytes. An expired, revoked or unknown link is "gone".
 */
export async function sharedMedia(db: Db, media: R2Bucket, token: string, range: Headers, now = Date.now()) {
  const { record } = await sharedBy(db, token, now);
  const playable = await playableMedia(media, record);
  const object = await media.get(playable.key, { range });
  if (!object) throw new ApiError(Code.NOT_FOUND, 'mediaMissing');
  return { object, type: playable.type };
}
