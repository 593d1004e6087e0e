import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { type Citation, askBody, clearConversationBody, recordQuery, searchQuery } from '../../contracts/ai';
import { API } from '../../contracts/api-paths';
import { ok, page } from '../lib/envelope';
import { translate } from '../lib/i18n';
import type { AppEnv } from '../lib/types';
import { validate } from '../middleware/validate';
import { answerModel } from '../services/search/answer-model';
import type { Generation } from '../services/search/ask';
import { askInConversation, clearRecordConversation, openQuestion, recordConversation } from '../services/search/conversations';
import { searchLines } from '../services/search/search';
import { suggestedQuestions } from '../services/search/suggestions';
import { lineVectors } from '../services/search/vectors';

/** The language model that writes answers in the user's language, when one is configured. */
async function generation(env: Env, language: string): Promise<Generation | undefined> {
  const model = await answerModel(env);
  return model && { model, language };
}

/**
 * Search across the caller's records and questions asked of them. Both read only the caller's own records: the
 * scope is the signed-in user, whatever the query, the question or the transcripts say. Sign-in is the AI area's
 * check, registered by the summaries' routes, mounted before these in worker/app.ts.
 */
export const aiRoutes = new Hono<AppEnv>()
  .get(API.ai.search, validate('query', searchQuery), async (c) => page(c, await searchLines(c.var.db, c.var.userId, c.req.valid('query'))))
  .post(API.ai.ask, validate('json', askBody), async (c) =>
    ok(c, await askInConversation(c.var.db, c.var.userId, c.req.valid('json'), await generation(c.env, c.var.locale), lineVectors(c.env))),
  )
  // The web app's form: the answer's text as it is made ("delta", one event per piece a model writes; the whole
  // quoted answer at once without one), each citation as it is first cited ("citation", before the text citing
  // it), then the whole answer with its citations ("answer"). A failure once the stream is open is an "error"
  // event with the message in the reader's language.
  .post(API.ai.askStream, validate('json', askBody), async (c) => {
    const answerIt = await openQuestion(c.var.db, c.var.userId, c.req.valid('json'), lineVectors(c.env));
    const found = await generation(c.env, c.var.locale);
    return streamSSE(
      c,
      async (stream) => {
        const delta = (text: string) => stream.writeSSE({ event: 'delta', data: JSON.stringify(text) });
        const citation = (cited: Citation) => stream.writeSSE({ event: 'citation', data: JSON.stringify(cited) });
        const answer = await answerIt(found && { ...found, onDelta: delta, onCitation: citation });
        if (answer.kind === 'extractive') await delta(answer.answer);
        await stream.writeSSE({ event: 'answer', data: JSON.stringify(answer) });
      },
      async (err, stream) => {
        console.error(`ask stream: ${err.message}`);
        await stream.writeSSE({ event: 'error', data: JSON.stringify(translate(c.var.locale, 'askFailed')) });
      },
    );
  })
  .get(API.ai.conversation, validate('query', recordQuery), async (c) => ok(c, await recordConversation(c.var.db, c.var.userId, c.req.valid('query').recordId)))
  .post(API.ai.clearConversation, validate('json', clearConversationBody), async (c) => {
    await clearRecordConversation(c.var.db, c.var.userId, c.req.valid('json').recordId);
    return ok(c, null);
  })
  .get(API.ai.suggestions, validate('query', recordQuery), async (c) =>
    ok(c, await suggestedQuestions(c.var.db, c.var.userId, c.req.valid('query').recordId, c.var.locale)),
  );
