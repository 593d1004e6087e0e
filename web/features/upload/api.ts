import type { z } from 'zod';
import { API } from '../../../contracts/api-paths';
import type { LanguageLists } from '../../../contracts/engine-languages';
import type { LatestTask, TranswriteResult, transwriteBody } from '../../../contracts/transcription';
import { get, post } from '../../lib/request';

/** The local transcription dialog's calls besides the upload itself (web/lib/uploader.ts). */

/** Languages the deployment can transcribe from files, and the translation targets. */
export const fetchUploadLanguages = async () => (await get<LanguageLists>(API.languages.upload)).data;

/** The newest upload; silent because offering to resume it is a convenience, not something to fail loudly on. */
export const fetchLatestTask = async () => (await get<LatestTask | null>(API.transcription.getLatestTrans, undefined, { silent: true })).data;

export const removeUploads = async (ids: number[]) => (await post<{ removed: number }>(API.uploads.removeUpload, { ids })).data;

export const transwrite = async (body: z.input<typeof transwriteBody>) => (await post<TranswriteResult>(API.transcription.transwrite, body)).data;
