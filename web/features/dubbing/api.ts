import { API } from '../../../contracts/api-paths';
import type { DubIteration, DubLineRow, DubProject, DubSpeaker, DubTranswriteBody, DubVoice, FileUploadResult } from '../../../contracts/dubbing';
import type { SrtFileType } from '../../../contracts/upload-files';
import type { LanguageLists } from '../../../contracts/engine-languages';
import type { Page } from '../../../contracts/records';
import type { TranswriteResult } from '../../../contracts/transcription';
import { download, get, post } from '../../lib/request';

/** The dubbing calls (spec §7 `/speech/video/transcribe/*`, the cost check, SRT upload and voice preview). */

export const fetchDubLanguages = async () => (await get<LanguageLists>(API.languages.dubbing)).data;

/**
 * Can the AI voiceover package pay for `duration` seconds? Silent: the dialog words each refusal itself
 * (spec §8: a payment code opens the pay dialog, any other refusal is "insufficient balance").
 */
export const checkDubbingCost = async (duration: number) => {
  await post(API.expense.dubbingAccountCostBefore, { rightsType: '7', sourceType: '5', duration }, { silent: true });
};

export const dubTranswrite = async (body: DubTranswriteBody) => (await post<TranswriteResult>(API.dubbing.transwrite, body, { long: true })).data;

/** An SRT for one video; silent because the row says what went wrong. */
export async function uploadSrt(file: File): Promise<FileUploadResult> {
  const form = new FormData();
  form.append('file', file);
  return (await post<FileUploadResult>(API.dubbing.srtUpload, form, { silent: true })).data;
}

/** Silent: the page shows a project that cannot be loaded in place of the editor. */
export const fetchProject = async (id: number) => (await get<DubProject>(API.dubbing.getFileByTaskId, { id }, { silent: true })).data;
/** The project while it is being dubbed: stage and progress. */
export const fetchSynthesis = async (id: number) => (await get<DubProject>(API.dubbing.getSynthesis, { id }, { silent: true })).data;

export const fetchLines = async (id: number, pageNum: number, pageSize: number) =>
  (await post<Page<DubLineRow>>(API.dubbing.getFileDataContentPageList, { id, pageNum, pageSize })).data;

export interface LineEdit {
  id: number;
  start?: number;
  end?: number;
  text?: string;
  translation?: string;
}
export const saveEdits = async (id: number, lines: LineEdit[]) => (await post<DubProject>(API.dubbing.edits, { id, lines })).data;

export const fetchSpeakers = async (id: number) => (await get<DubSpeaker[]>(API.dubbing.getSpeakerList, { id })).data;
export const editSpeaker = async (body: { id: number; speaker: string; name?: string; voice?: string }) =>
  (await post<DubSpeaker[]>(API.dubbing.editSpeaker, body)).data;
export const fetchVoices = async (language: string) => (await get<DubVoice[]>(API.dubbing.serviceNameList, { language })).data;

/** Silent: a payment shortage opens the pay dialog instead of a toast; the caller shows the rest. */
export const redub = async (id: number) => (await post<DubProject>(API.dubbing.videoSynthesis, { id }, { silent: true, long: true })).data;

export const createIteration = async (id: number, name: string) => (await post<DubIteration>(API.dubbing.createIteration, { id, name })).data;
export const fetchIterations = async (id: number) => (await get<DubIteration[]>(API.dubbing.getIteration, { id })).data;

export const retranslate = async (id: number) => (await get<DubProject>(API.dubbing.transAdjust, { transId: id }, { long: true })).data;

export type DubDownloadKind = 'subtitles' | 'withVideo';
export interface DubDownloadOptions {
  type: 'srt' | 'vtt' | 'txt';
  msgType: SrtFileType;
}
export const downloadConfig = (id: number, kind: DubDownloadKind, { type, msgType }: DubDownloadOptions) => ({
  url: kind === 'subtitles' ? API.dubbing.downloadZip : API.dubbing.downloadDestroyZip,
  params: { idStr: String(id), type, msgType, speaker: '0' },
  long: true,
});

/** A line or a voice spoken, as audio/wav. */
export const synthesize = async (body: { text: string; language: string; voice?: string }) =>
  (await download({ method: 'POST', url: API.synthesis.synthesis, data: body })).blob;
