import { Hono } from 'hono';
import { z } from 'zod';
import { API } from '../../contracts/api-paths';
import { addTranslationBody, editDetailsBody, refreshRecordBody, translateAgainBody, transwriteBody } from '../../contracts/transcription';
import type { TranswriteResult } from '../../contracts/transcription';
import { ok } from '../lib/envelope';
import { translate } from '../lib/i18n';
import { publicOrigin } from '../lib/client';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { recordRow } from '../services/records';
import { addTranslation, mediaSource, recordWords, saveLines } from '../services/transcription/detail';
import { queueSender } from '../services/jobs';
import { translateAgain } from '../services/transcription/retranslate';
import { latestTask, retryTranscription, submitTranscription } from '../services/transcription/submit';

/** `?id=` of one of the caller's records. */
const recordQuery = z.object({ id: z.coerce.number().int().positive() });

/**
 * Submitting uploaded files for transcription, the retry action and the dialog's recovery check (spec §7
 * transwrite, refreshRecord, getLatestTrans), and the record detail page's edits, later translations,
 * media and word timings. Sign-in is required per route: this shares its base path with public share calls.
 */
export const transcriptionRoutes = new Hono<AppEnv>()
  .post(API.transcription.transwrite, requireUser, validate('json', transwriteBody), async (c) => {
    const { ids, ...form } = c.req.valid('json');
    const created = await submitTranscription(c.var.db, c.env, c.var.userId, c.var.locale, ids, form, queueSender(c.env.JOBS));
    // The spec's dialog reads the outcome from data.code and data.msg.
    return ok<TranswriteResult>(c, { code: 200, msg: translate(c.var.locale, 'transcriptionStarted'), ids: created });
  })
  .post(API.transcription.refreshRecord, requireUser, validate('json', refreshRecordBody), async (c) =>
    ok(c, recordRow(await retryTranscription(c.var.db, c.var.userId, c.req.valid('json').id, queueSender(c.env.JOBS)))),
  )
  .get(API.transcription.getLatestTrans, requireUser, async (c) => ok(c, await latestTask(c.var.db, c.var.userId)))
  .post(API.transcription.editDetails, requireUser, validate('json', editDetailsBody), async (c) => {
    const { id, lines } = c.req.valid('json');
    await saveLines(c.var.db, c.env, queueSender(c.env.JOBS), c.var.userId, id, lines);
    return ok(c, null);
  })
  .post(API.transcription.addTranslation, requireUser, validate('json', addTranslationBody), async (c) => {
    const { id, language } = c.req.valid('json');
    return ok(c, recordRow(await addTranslation(c.var.db, c.env, c.var.userId, c.var.locale, id, language, queueSender(c.env.JOBS))));
  })
  .post(API.transcription.translateAgain, requireUser, validate('json', translateAgainBody), async (c) => {
    const { id, lineIds } = c.req.valid('json');
    return ok(c, await translateAgain(c.var.db, queueSender(c.env.JOBS), c.var.userId, id, lineIds));
  })
  .get(API.transcription.words, requireUser, validate('query', recordQuery), async (c) =>
    ok(c, await recordWords(c.var.db, c.env, c.var.userId, c.req.valid('query').id)),
  )
  .get(API.transcription.media, requireUser, validate('query', recordQuery), async (c) =>
    ok(c, await mediaSource(c.var.db, c.env, publicOrigin(c), c.var.userId, c.req.valid('query').id)),
  );
