import { Hono } from 'hono';
import { z } from 'zod';
import { API } from '../../contracts/api-paths';
import { CLOSE } from '../../contracts/meeting';
import { createMeetingBody, editMeetingBody, joinRecordQuery, meetingIdBody, meetingIdQuery, networkLinkQuery } from '../../contracts/meeting-calls';
import { Code } from '../../contracts/errors';
import { meetingListQuery } from '../../contracts/records';
import { ok, page } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { throttleGuesses } from '../middleware/throttle';
import { validate } from '../middleware/validate';
import {
  createMeeting,
  createScreenCode,
  editMeeting,
  getMeeting,
  participantAccess,
  projectionAccess,
  roomOf,
  stopMeeting,
  verifyTicket,
} from '../services/meetings';
import { listRecords } from '../services/records';

/** A WebSocket that is accepted only to be closed with `code`, so the client learns why (a refused upgrade tells it nothing). */
function refuseSocket(code: number, reason: string) {
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  server.close(code, reason);
  return new Response(null, { status: 101, webSocket: client });
}

/**
 * Meetings (spec §7 speech/meeting calls) and the meeting rooms' socket. Sign-in per route: participants
 * (joinRecord), projected screens (getNetworkLink) and the socket (ticket) need no account.
 */
export const meetingRoutes = new Hono<AppEnv>()
  .get(API.meetings.getMeetingList, requireUser, validate('query', meetingListQuery), async (c) =>
    page(c, await listRecords(c.var.db, c.var.userId, { ...c.req.valid('query'), type: 'meeting' })),
  )
  .post(API.meetings.create, requireUser, validate('json', createMeetingBody), async (c) =>
    ok(c, await createMeeting(c.env, c.var.db, c.var.userId, c.var.locale, c.req.valid('json'))),
  )
  .get(API.meetings.getMeeting, requireUser, validate('query', meetingIdQuery), async (c) =>
    ok(c, await getMeeting(c.env, c.var.db, c.var.userId, c.req.valid('query').id, c.var.locale)),
  )
  .post(API.meetings.edit, requireUser, validate('json', editMeetingBody), async (c) =>
    ok(c, await editMeeting(c.env, c.var.db, c.var.userId, c.req.valid('json'))),
  )
  .post(API.meetings.stopMeeting, requireUser, validate('json', meetingIdBody), async (c) =>
    ok(c, await stopMeeting(c.env, c.var.db, c.var.userId, c.req.valid('json').id)),
  )
  .post(API.meetings.createScreenCode, requireUser, validate('json', meetingIdBody), async (c) =>
    ok(c, await createScreenCode(c.env, c.var.db, c.var.userId, c.req.valid('json').id)),
  )
  .get(API.meetings.getNetworkLink, throttleGuesses('screenCode', { perIp: 30, windowMs: 10 * 60_000 }), validate('query', networkLinkQuery), async (c) =>
    ok(c, await projectionAccess(c.env, c.var.db, c.req.valid('query').shortCode, c.var.locale)),
  )
  .get(API.meetings.joinRecord, validate('query', joinRecordQuery), async (c) =>
    ok(c, await participantAccess(c.env, c.var.db, c.req.valid('query'), c.var.locale)),
  )
  .get(API.meetings.socket, validate('query', z.object({ ticket: z.string().min(1).max(2048) })), async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new ApiError(Code.UPGRADE_REQUIRED, 'upgradeRequired');
    const claims = await verifyTicket(c.env.JWT_SECRET, c.req.valid('query').ticket);
    if (!claims) return refuseSocket(CLOSE.badTicket, 'invalid or expired ticket');
    const headers = new Headers(c.req.raw.headers);
    headers.set('x-room-role', claims.role);
    headers.set('x-room-locale', claims.locale);
    headers.set('x-room-multi-screen', String(claims.multiScreen ?? false));
    return roomOf(c.env, claims.meetingId).fetch(new Request(c.req.raw, { headers }));
  });
