import { Hono } from 'hono';
import { z } from 'zod';
import { API } from '../../contracts/api-paths';
import { mergeVoicesBody, renameVoiceBody, saveVoiceBody, voiceSettingsBody } from '../../contracts/voices';
import { ok } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { deleteVoice, listVoices, mergeVoices, renameVoice, saveVoice, setVoiceSettings, voiceSettings } from '../services/voices';

const id = validate('param', z.object({ id: z.coerce.number().int().positive() }));

/** The signed-in user's voice profiles (docs/voices.md): save from a record, list, rename, merge, delete, and the on/off switch. */
export const voiceRoutes = new Hono<AppEnv>()
  .get(API.voices.list, requireUser, async (c) => ok(c, await listVoices(c.var.db, c.var.userId)))
  .post(API.voices.list, requireUser, validate('json', saveVoiceBody), async (c) => ok(c, await saveVoice(c.var.db, c.var.userId, c.req.valid('json'))))
  .post(API.voices.merge, requireUser, validate('json', mergeVoicesBody), async (c) => {
    const { from, into } = c.req.valid('json');
    return ok(c, await mergeVoices(c.var.db, c.var.userId, from, into));
  })
  .get(API.voices.settings, requireUser, async (c) => ok(c, await voiceSettings(c.var.db, c.var.userId)))
  .put(API.voices.settings, requireUser, validate('json', voiceSettingsBody), async (c) =>
    ok(c, await setVoiceSettings(c.var.db, c.var.userId, c.req.valid('json').identify)),
  )
  .patch(API.voices.item, requireUser, id, validate('json', renameVoiceBody), async (c) =>
    ok(c, await renameVoice(c.var.db, c.var.userId, c.req.valid('param').id, c.req.valid('json').name)),
  )
  .delete(API.voices.item, requireUser, id, async (c) => {
    await deleteVoice(c.var.db, c.var.userId, c.req.valid('param').id);
    return ok(c, null);
  });
