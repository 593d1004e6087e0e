import { API, apiPath } from '../../../contracts/api-paths';
import type { SaveVoiceBody, VoiceProfile, VoiceSettings } from '../../../contracts/voices';
import { get, post, request } from '../../lib/request';

/** Voice profile calls (docs/voices.md): the server keeps only voiceprints, never audio. */

export const fetchVoices = async () => (await get<VoiceProfile[]>(API.voices.list)).data;

export const saveVoice = async (body: SaveVoiceBody) => (await post<{ id: number; name: string }>(API.voices.list, body)).data;

export const renameVoice = async (id: number, name: string) =>
  (await request<VoiceProfile>({ method: 'PATCH', url: apiPath(API.voices.item, { id }), data: { name } })).data;

export const mergeVoices = async (from: number, into: number) => (await post<VoiceProfile>(API.voices.merge, { from, into })).data;

export const deleteVoice = async (id: number) => {
  await request({ method: 'DELETE', url: apiPath(API.voices.item, { id }) });
};

export const fetchVoiceSettings = async () => (await get<VoiceSettings>(API.voices.settings)).data;

export const putVoiceSettings = async (identify: boolean) =>
  (await request<VoiceSettings>({ method: 'PUT', url: API.voices.settings, data: { identify } })).data;
