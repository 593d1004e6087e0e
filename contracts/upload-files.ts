/**
 * What files the browser may upload and how each is cut into parts (spec §5 local and dub upload rules,
 * §9 sizes). Plain values with no validation library, so the browser can use them without downloading the
 * schemas of uploads.ts and dubbing.ts, which import them from here.
 */
import { LOCAL_UPLOAD } from './constants';

/** Lower-case extension of a file name, '' when it has none. */
export const extensionOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

export const isAcceptedMedia = (name: string) => (LOCAL_UPLOAD.extensions as readonly string[]).includes(extensionOf(name));

/** Spec §9: one part up to 20 MB, 10 MB parts above. Every part but the last has the same size (an R2 rule). */
export function partPlan(size: number): { chunkSize: number; partCount: number } {
  const chunkSize = size > LOCAL_UPLOAD.chunkedAbove ? LOCAL_UPLOAD.chunkSize : Math.max(size, 1);
  return { chunkSize, partCount: Math.max(1, Math.ceil(size / chunkSize)) };
}

/** Spec §7: 4 MB blocks, five times that from 100 MB up. Every part but the last has the same size (an R2 rule). */
export function dubPartPlan(size: number): { chunkSize: number; partCount: number } {
  const chunkSize = size >= 100 * 1024 ** 2 ? 20 * 1024 ** 2 : 4 * 1024 ** 2;
  return { chunkSize, partCount: Math.max(1, Math.ceil(size / chunkSize)) };
}

/** What an SRT file holds (spec §3 srtFileType): 1 source text, 2 translation, 3 bilingual (source line, then translation). */
export const SRT_FILE_TYPES = ['1', '2', '3'] as const;
export type SrtFileType = (typeof SRT_FILE_TYPES)[number];

/** `POST /file/upload` takes an SRT up to this size for a dubbing upload. */
export const SRT_MAX_BYTES = 2 * 1024 * 1024;
