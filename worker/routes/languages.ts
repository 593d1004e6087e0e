import { Hono } from 'hono';
import { API } from '../../contracts/api-paths';
import { ok } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { type LanguageUse, offeredLanguages } from '../services/languages';

/** The language calls of spec §7, one GET per use (API.languages); services/languages.ts says what each holds. */
export const languages = (Object.entries(API.languages) as [LanguageUse, string][]).reduce(
  (app, [use, path]) => app.get(path, async (c) => ok(c, await offeredLanguages(c.env, use, c.var.locale))),
  new Hono<AppEnv>(),
);
