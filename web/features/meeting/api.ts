import { API } from '../../../contracts/api-paths';
import type { LanguageLists } from '../../../contracts/engine-languages';
import type { MeetingAccess, MeetingDetail } from '../../../contracts/meeting';
import type { CreateMeetingBody, EditMeetingBody } from '../../../contracts/meeting-calls';
import { get, post } from '../../lib/request';

/** The meeting calls of spec §7 that the pages make; the socket itself is use-meeting-socket's. */

/** Live recognition sources and the translation targets reachable from them. */
export const fetchMeetingLanguages = async () => (await get<LanguageLists>(API.languages.meeting)).data;

/**
 * Payment refusals (92505000/1/3) reach these callers without a toast (the request layer keeps them silent)
 * and are shown next to what was refused, with the way to the bills.
 */
export const createMeeting = async (body: CreateMeetingBody) => (await post<MeetingDetail>(API.meetings.create, body)).data;

/** The owner's console: the meeting and a host ticket. Silent: the console explains a failure itself. */
export const fetchMeeting = async (id: number) => (await get<MeetingAccess<MeetingDetail>>(API.meetings.getMeeting, { id }, { silent: true })).data;

export const editMeeting = async (body: EditMeetingBody) => (await post<MeetingDetail>(API.meetings.edit, body)).data;

export const stopMeeting = async (id: number) => (await post<MeetingDetail>(API.meetings.stopMeeting, { id })).data;

export const createScreenCode = async (id: number) => (await post<{ shortCode: string }>(API.meetings.createScreenCode, { id })).data;

/** A projected screen's ticket; the page explains an unknown or expired code itself. */
export const fetchNetworkLink = async (shortCode: string) => (await get<MeetingAccess>(API.meetings.getNetworkLink, { shortCode }, { silent: true })).data;

export type JoinBy = { invite: string } | { userId: string; key: string };

/** A participant's ticket, by invitation token or by the owner's personal QR code. */
export const joinMeeting = async (by: JoinBy) => (await get<MeetingAccess>(API.meetings.joinRecord, by, { silent: true })).data;
