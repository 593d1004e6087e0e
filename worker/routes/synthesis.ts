import { Hono } from 'hono';
import { API } from '../../contracts/api-paths';
import { synthesisBody } from '../../contracts/dubbing';
import { DUB_ENGINE_PATHS } from '../../contracts/dubbing-engine';
import { languageOption } from '../../contracts/engine-languages';
import { ok } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { engineCall, voicesFor } from '../services/dubbing/voices';
import { providers } from '../services/providers';

/** Hearing a voice (spec §7 synthesis calls): the languages dubbing can speak, and a text spoken in a voice. */
export const synthesisRoutes = new Hono<AppEnv>()
  .get(API.synthesis.synthesisLanguage, async (c) => {
    const languages = [...new Set((await voicesFor(c.env)).map((v) => v.language))];
    return ok(
      c,
      languages.map((code) => languageOption(code, c.var.locale)),
    );
  })
  .post(API.synthesis.synthesis, requireUser, validate('json', synthesisBody), async (c) => {
    const body = JSON.stringify(c.req.valid('json'));
    const spoken = await engineCall(() =>
      providers(c.env).engine.request(DUB_ENGINE_PATHS.speak, { method: 'POST', body, headers: { 'content-type': 'application/json' } }),
    );
    return c.body(spoken.body!, 200, { 'content-type': 'audio/wav', 'cache-control': 'no-store' });
  });
