import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { askBody, clearConversationBody, recordQuery, searchQuery } from '../../contracts/ai';
import { API } from '../../contracts/api-paths';
import { ok, page } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { validate } from '../middleware/validate';
import { askInConversation, clearRecordConversation, recordConversation } from '../services/search/conversations';
import { searchLines } from '../services/search/search';
import { suggestedQuestions } from '../services/search/suggestions';

/**
 * Search across the caller's records and questions asked of them. Both read only the caller's own records: the
 * scope is the signed-in user, whatever the query, the question or the transcripts say. Sign-in is the AI area's
 * check, registered by the summaries' routes, mounted before these in worker/app.ts.
 */
export const aiRoutes = new Hono<AppEnv>()
  .get(API.ai.search, validate('query', searchQuery), async (c) => page(c, await searchLines(c.var.db, c.var.userId, c.req.valid('query'))))
  .post(API.ai.ask, validate('json', askBody), async (c) => ok(c, await askInConversation(c.var.db, c.var.userId, c.req.valid('json'))))
  // The web app's form: the answer's text as it is made ("delta"), then the whole answer with its citations ("answer").
  .post(API.ai.askStream, validate('json', askBody), async (c) => {
    const answer = await askInConversation(c.var.db, c.var.userId, c.req.valid('json'));
    return streamSSE(c, async (stream) => {
      await stream.writeSSE({ event: 'delta', data: JSON.stringify(answer.answer) });
      await stream.writeSSE({ event: 'answer', data: JSON.stringify(answer) });
    });
  })
  .get(API.ai.conversation, validate('query', recordQuery), async (c) => ok(c, await recordConversation(c.var.db, c.var.userId, c.req.valid('query').recordId)))
  .post(API.ai.clearConversation, validate('json', clearConversationBody), async (c) => {
    await clearRecordConversation(c.var.db, c.var.userId, c.req.valid('json').recordId);
    return ok(c, null);
  })
  .get(API.ai.suggestions, validate('query', recordQuery), async (c) =>
    ok(c, await suggestedQuestions(c.var.db, c.var.userId, c.req.valid('query').recordId, c.var.locale)),
  );
