import type { RecordDetail, RecordRow } from '../../../contracts/records';
import type { EditedLine, MediaSource } from '../../../contracts/transcription';
import { get, post } from '../../lib/request';

/** The record detail page's calls (spec §7 getTrans, editDetails, addTranslation, refreshRecord, and the player's media). */

const BASE = '/speech/audio/transcribe';

/** Silent: the page shows a record that cannot be loaded in place of the record. */
export const fetchRecordDetail = async (id: number) => (await get<RecordDetail>(`${BASE}/getTrans`, { id }, { silent: true })).data;

/** Silent: media that is not there yet is a normal state of a fresh record, shown by the player. */
export const fetchMedia = async (id: number) => (await get<MediaSource>(`${BASE}/media`, { id }, { silent: true })).data;

export const saveLines = async (id: number, lines: EditedLine[]) => {
  await post<null>(`${BASE}/editDetails`, { id, lines }, { long: true });
};

export const addTranslation = async (id: number, language: string) => (await post<RecordRow>(`${BASE}/addTranslation`, { id, language })).data;

/** The retry action of a failed transcription or translation. */
export const refreshRecord = async (id: number) => (await post<RecordRow>(`${BASE}/refreshRecord`, { id })).data;
