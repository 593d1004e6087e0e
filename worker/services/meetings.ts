import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { z } from 'zod';
import { API } from '../../contracts/api-paths';
import { Code } from '../../contracts/errors';
import { SOURCE } from '../../contracts/constants';
import type { Locale } from '../../contracts/locale';
import { isLocale } from '../../contracts/locale';
import { MEETING, SOCKET_ROLES, type MeetingAccess, type MeetingDetail, type MeetingSummary, type SocketRole } from '../../contracts/meeting';
import type { createMeetingBody, editMeetingBody } from '../../contracts/meeting-calls';
import type { Db } from '../db/client';
import { meetings, records, users } from '../db/schema';
import { randomToken } from '../lib/encoding';
import { ApiError } from '../lib/errors';
import { translate } from '../lib/i18n';
import { targetFolder } from './folders';
import { isOwnerQrKey } from './owner-qr';
import { checkLanguages, checkTargetCount } from './languages';
import { check, checkGated, checkRecognitionLanguage, permissions } from './rights';
import { resolveVocabulary } from './vocabulary/resolve';

/**
 * Live meetings on the HTTP side (spec §7 meeting calls): creating one with its room, the owner's view and
 * edits, ending it, the projection code, and the short-lived socket tickets that let the owner, invited
 * participants and projected screens into the room. The room itself is durable-objects/MeetingRoom.
 */

/** Ended, or ended and finishing its transcript: either way no one joins or changes it any more. */
const isOver = (status: string) => status === 'ended' || status === 'finishing';

const TICKET_AUDIENCE = 'tingyi:meeting-socket';

type Meeting = typeof meetings.$inferSelect;
type MeetingRecord = typeof records.$inferSelect;

export const roomOf = (env: Env, recordId: number) => env.MEETING_ROOM.get(env.MEETING_ROOM.idFromName(`meeting:${recordId}`));
export const screenCodes = (env: Env) => env.SCREEN_CODES.get(env.SCREEN_CODES.idFromName('all'));

const meetingMissing = () => new ApiError(Code.NOT_FOUND, 'meetingNotFound');
const linkExpired = () => new ApiError(Code.GONE, 'meetingLinkExpired');

export function meetingSummary(record: MeetingRecord, meeting: Meeting): MeetingSummary {
  return {
    id: record.id,
    name: record.name,
    status: isOver(record.status) ? 'ended' : (record.status as MeetingSummary['status']),
    mode: meeting.mode,
    sourceLanguage: meeting.sourceLanguage,
    targetLanguages: meeting.targetLanguages,
    durationMs: record.durationMs,
    createdAt: record.createdAt,
  };
}

const meetingDetail = (record: MeetingRecord, meeting: Meeting): MeetingDetail => ({
  ...meetingSummary(record, meeting),
  inviteOpen: meeting.inviteOpen,
  inviteToken: meeting.inviteToken,
  screenCode: meeting.screenCode,
  folderId: record.folderId,
});

/** The newest meeting matching `where`. */
async function findMeeting(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({ record: records, meeting: meetings })
    .from(records)
    .innerJoin(meetings, eq(meetings.recordId, records.id))
    .where(and(eq(records.type, 'meeting'), where))
    .orderBy(desc(records.createdAt), desc(records.id))
    .limit(1);
  return row;
}

async function ownedMeeting(db: Db, userId: number, id: number) {
  const row = await findMeeting(db, and(eq(records.id, id), eq(records.userId, userId)));
  if (!row) throw meetingMissing();
  return row;
}

export async function createMeeting(env: Env, db: Db, userId: number, locale: Locale, body: z.output<typeof createMeetingBody>) {
  const targets = body.mode === 'record' ? [] : [...new Set(body.targetLanguages)].filter((t) => t !== body.sourceLanguage);
  await checkTargetCount(db, userId, targets);
  await checkLanguages(env, body.sourceLanguage, 'live', targets);
  await checkRecognitionLanguage(db, userId, body.sourceLanguage);
  // A meeting needs at least a minute of its allowance to start; the room charges as it goes.
  const allowance = body.source === SOURCE.plugin ? 'subtitles' : 'realtime';
  await check(db, userId, allowance, 60);
  const vocabulary = await resolveVocabulary(db, userId, body.documentIds);
  const folder = await targetFolder(db, userId, body.folderId || undefined);
  const now = Date.now();
  const name = body.name ?? translate(locale, 'meetingDefaultName', { date: new Date(now).toISOString().slice(0, 16).replace('T', ' ') });
  const [record] = await db
    .insert(records)
    .values({
      userId,
      folderId: folder.id,
      name,
      type: 'meeting',
      status: 'not_started',
      audioLanguage: body.sourceLanguage,
      sourceUrl: body.sourceUrl ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const [meeting] = await db
    .insert(meetings)
    .values({ recordId: record!.id, mode: body.mode, sourceLanguage: body.sourceLanguage, targetLanguages: targets, vocabulary })
    .returning();
  await roomOf(env, record!.id).init(meetingSummary(record!, meeting!), userId, locale, vocabulary, allowance);
  return meetingDetail(record!, meeting!);
}

export async function getMeeting(env: Env, db: Db, userId: number, id: number, locale: Locale): Promise<MeetingAccess<MeetingDetail>> {
  const { record, meeting } = await ownedMeeting(db, userId, id);
  return { meeting: meetingDetail(record, meeting), socket: await socketAccess(env.JWT_SECRET, { meetingId: id, role: 'host', locale }) };
}

export async function editMeeting(env: Env, db: Db, userId: number, body: z.output<typeof editMeetingBody>) {
  const { record, meeting } = await ownedMeeting(db, userId, body.id);
  const now = Date.now();
  if (body.name !== undefined) {
    await db.update(records).set({ name: body.name, updatedAt: now }).where(eq(records.id, record.id));
    record.name = body.name;
  }
  if (body.inviteOpen !== undefined && body.inviteOpen !== meeting.inviteOpen) {
    if (body.inviteOpen) {
      await checkGated(db, userId, 'invite');
      if (isOver(record.status)) throw new ApiError(Code.CONFLICT, 'meetingEnded');
    }
    const inviteToken = meeting.inviteToken ?? randomToken(18);
    await db.update(meetings).set({ inviteOpen: body.inviteOpen, inviteToken }).where(eq(meetings.recordId, record.id));
    Object.assign(meeting, { inviteOpen: body.inviteOpen, inviteToken });
  }
  if (!isOver(record.status)) await roomOf(env, record.id).configure({ name: record.name, inviteOpen: meeting.inviteOpen });
  return meetingDetail(record, meeting);
}

/** Ends the meeting; also repairs one left paused or half-ended by an abnormal close. */
export async function stopMeeting(env: Env, db: Db, userId: number, id: number) {
  await ownedMeeting(db, userId, id);
  await roomOf(env, id).stop();
  const { record, meeting } = await ownedMeeting(db, userId, id);
  return meetingDetail(record, meeting);
}

export async function createScreenCode(env: Env, db: Db, userId: number, id: number) {
  const { record } = await ownedMeeting(db, userId, id);
  if (isOver(record.status)) throw new ApiError(Code.CONFLICT, 'meetingEnded');
  const shortCode = await screenCodes(env).allocate(id);
  await db.update(meetings).set({ screenCode: shortCode }).where(eq(meetings.recordId, id));
  return { shortCode };
}

/** A projected screen's way in: a live meeting's six-digit code. */
export async function projectionAccess(env: Env, db: Db, code: string, locale: Locale): Promise<MeetingAccess> {
  const id = await screenCodes(env).resolve(code);
  if (id === null) throw new ApiError(Code.NOT_FOUND, 'screenCodeUnknown', { code });
  const row = await findMeeting(db, eq(records.id, id));
  if (!row || isOver(row.record.status)) throw linkExpired();
  const { screenCasting } = await permissions(db, row.record.userId);
  return {
    meeting: meetingSummary(row.record, row.meeting),
    socket: await socketAccess(env.JWT_SECRET, { meetingId: id, role: 'projection', locale, multiScreen: screenCasting }),
  };
}

/**
 * A participant's way in, always through a meeting's open invitation: its link, or the owner's personal QR
 * code (its key checked, while they share it) leading to their newest live meeting whose invitation is open.
 * Both need the owner's invitation right; anything else reads as an expired link, so nothing here tells a
 * stranger which users exist, share or hold a meeting.
 */
export async function participantAccess(env: Env, db: Db, q: { invite?: string; userId?: number; key?: string }, locale: Locale): Promise<MeetingAccess> {
  const inviteOpen = eq(meetings.inviteOpen, true);
  let row: Awaited<ReturnType<typeof findMeeting>> | undefined;
  if (q.invite !== undefined) {
    row = await findMeeting(db, and(eq(meetings.inviteToken, q.invite), inviteOpen));
  } else if (q.userId !== undefined && (await isOwnerQrKey(env.JWT_SECRET, q.userId, q.key))) {
    const owner = await db.query.users.findFirst({ where: eq(users.id, q.userId) });
    if (owner?.shareStatus === '1') {
      row = await findMeeting(db, and(eq(records.userId, owner.id), inArray(records.status, ['not_started', 'in_progress', 'paused']), inviteOpen));
    }
  }
  if (!row || isOver(row.record.status) || !(await permissions(db, row.record.userId)).inviteMeeting) throw linkExpired();
  return {
    meeting: meetingSummary(row.record, row.meeting),
    socket: await socketAccess(env.JWT_SECRET, { meetingId: row.record.id, role: 'participant', locale }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Socket tickets: signed, one minute long, naming the meeting and the role. The socket route checks the
// signature and hands the claims to the room; the room re-checks what can change (ended, invitation closed).

export interface TicketClaims {
  meetingId: number;
  role: SocketRole;
  locale: Locale;
  /** Projection only: whether the owner's plan allows several screens at once. */
  multiScreen?: boolean;
}

const key = (secret: string) => new TextEncoder().encode(secret);

async function socketAccess(secret: string, claims: TicketClaims, now = Date.now()) {
  const ticket = await new SignJWT({ mid: claims.meetingId, role: claims.role, loc: claims.locale, ms: claims.multiScreen ?? false })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(TICKET_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + MEETING.ticketSeconds)
    .sign(key(secret));
  return { role: claims.role, path: API.meetings.socket, ticket };
}

export async function verifyTicket(secret: string, ticket: string): Promise<TicketClaims | null> {
  try {
    const { payload } = await jwtVerify<{ mid: number; role: string; loc: string; ms: boolean }>(ticket, key(secret), {
      algorithms: ['HS256'],
      audience: TICKET_AUDIENCE,
    });
    const role = SOCKET_ROLES.find((r) => r === payload.role);
    if (!role || !Number.isSafeInteger(payload.mid)) return null;
    return { meetingId: payload.mid, role, locale: isLocale(payload.loc) ? payload.loc : 'en-US', multiScreen: payload.ms === true };
  } catch {
    return null;
  }
}
