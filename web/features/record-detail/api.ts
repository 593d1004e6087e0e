import { API } from '../../../contracts/api-paths';
import type { RecordWords } from '../../../contracts/record-words';
import type { RecordDetail, RecordRow } from '../../../contracts/records';
import type { EditedLine, MediaSource, TranslateAgainBody } from '../../../contracts/transcription';
import { get, post } from '../../lib/request';

/** The record detail page's calls (spec §7 getTrans, editDetails, addTranslation, refreshRecord, and the player's media and word timings). */

/** Silent: the page shows a record that cannot be loaded in place of the record. */
export const fetchRecordDetail = async (id: number) => (await get<RecordDetail>(API.records.getTrans, { id }, { silent: true })).data;

/** Silent: media that is not there yet is a normal state of a fresh record, shown by the player. */
export const fetchMedia = async (id: number) => (await get<MediaSource>(API.transcription.media, { id }, { silent: true })).data;

/** Silent: without word timings a click seeks proportionally within the line, which is still useful. */
export const fetchWords = async (id: number) => (await get<RecordWords>(API.transcription.words, { id }, { silent: true })).data;

export const saveLines = async (id: number, lines: EditedLine[]) => {
  await post<null>(API.transcription.editDetails, { id, lines }, { long: true });
};

export const addTranslation = async (id: number, language: string) => (await post<RecordRow>(API.transcription.addTranslation, { id, language })).data;

/** Translates chosen lines (none named: the whole record) again; they read as updating until it is done. */
export const translateAgain = async (body: TranslateAgainBody) => (await post<{ lines: number }>(API.transcription.translateAgain, body)).data;

/** The retry action of a failed transcription or translation. */
export const refreshRecord = async (id: number) => (await post<RecordRow>(API.transcription.refreshRecord, { id })).data;
