import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { askBody, searchQuery } from '../../contracts/ai';
import { API } from '../../contracts/api-paths';
import { ok, page } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { validate } from '../middleware/validate';
import { extractiveAnswer } from '../services/search/ask';
import { searchLines } from '../services/search/search';

/**
 * Search across the caller's records and questions asked of them. Both read only the caller's own records: the
 * scope is the signed-in user, whatever the query, the question or the transcripts say. Sign-in is the AI area's
 * check, registered by the summaries' routes, mounted before these in worker/app.ts.
 */
export const aiRoutes = new Hono<AppEnv>()
  .get(API.ai.search, validate('query', searchQuery), async (c) => page(c, await searchLines(c.var.db, c.var.userId, c.req.valid('query'))))
  .post(API.ai.ask, validate('json', askBody), async (c) => {
    const { question, ids, folderId } = c.req.valid('json');
    return ok(c, await extractiveAnswer(c.var.db, { userId: c.var.userId, recordIds: ids, folderId }, question));
  })
  // The web app's form: the answer's text as it is made ("delta"), then the whole answer with its citations ("answer").
  .post(API.ai.askStream, validate('json', askBody), async (c) => {
    const { question, ids, folderId } = c.req.valid('json');
    const answer = await extractiveAnswer(c.var.db, { userId: c.var.userId, recordIds: ids, folderId }, question);
    return streamSSE(c, async (stream) => {
      await stream.writeSSE({ event: 'delta', data: JSON.stringify(answer.answer) });
      await stream.writeSSE({ event: 'answer', data: JSON.stringify(answer) });
    });
  });
