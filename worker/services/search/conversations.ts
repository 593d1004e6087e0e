import { and, desc, eq } from 'drizzle-orm';
import type { Answer, AskBody, Conversation, Turn } from '../../../contracts/ai';
import { Code } from '../../../contracts/errors';
import type { Db } from '../../db/client';
import { askConversations, askTurns } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { ownedRecord } from '../records';
import { type Generation, extractiveAnswer, generatedAnswer } from './ask';
import type { LineVectors } from './vectors';

/**
 * Conversations: each question is kept with its answer, so a follow-up is read in the light of the question
 * before it and the record page lists what was asked after a reload. A question about exactly one record goes to
 * that record's conversation (one per user and record); others start a conversation of their own unless they name
 * one. Every read and write is cut to the caller: another user's conversation is "not found", never shown.
 */

/** Turns a record's Ask panel lists, the latest ones. */
const TURNS_SHOWN = 50;

const missing = () => new ApiError(Code.NOT_FOUND, 'conversationNotFound');

/** The caller's conversation with this id, or that of the one record asked about; undefined when there is none yet. */
async function conversationOf(db: Db, userId: number, body: AskBody) {
  if (body.conversationId !== undefined) {
    const found = await db.query.askConversations.findFirst({
      where: and(eq(askConversations.id, body.conversationId), eq(askConversations.userId, userId)),
    });
    if (!found) throw missing();
    return found;
  }
  const recordId = body.ids?.length === 1 ? body.ids[0] : undefined;
  if (recordId === undefined) return undefined;
  await ownedRecord(db, userId, recordId);
  return (
    (await db.query.askConversations.findFirst({ where: and(eq(askConversations.userId, userId), eq(askConversations.recordId, recordId)) })) ?? {
      id: undefined,
      recordId,
    }
  );
}

/**
 * Answers a question in its conversation and keeps both; the answer names the conversation to continue. With a
 * language model (`generation`) the answer is written by it, otherwise quoted; with `vectors`, lines are also
 * retrieved by meaning.
 */
export async function askInConversation(db: Db, userId: number, body: AskBody, generation?: Generation, vectors?: LineVectors): Promise<Answer> {
  return (await openQuestion(db, userId, body, vectors))(generation);
}

/**
 * The checks of a question (its conversation and record are the caller's), then the answering of it: a stream
 * refuses a question before its first event, as a plain request would.
 */
export async function openQuestion(db: Db, userId: number, body: AskBody, vectors?: LineVectors) {
  const conversation = await conversationOf(db, userId, body);
  const last = conversation?.id
    ? await db.query.askTurns.findFirst({ where: eq(askTurns.conversationId, conversation.id), orderBy: desc(askTurns.id), columns: { question: true } })
    : undefined;
  return async (generation?: Generation, now = Date.now()): Promise<Answer> => {
    const scope = { userId, recordIds: body.ids, folderId: body.folderId };
    const answer = generation
      ? await generatedAnswer(db, scope, body.question, last?.question, generation, vectors)
      : await extractiveAnswer(db, scope, body.question, last?.question, vectors);
    let conversationId = conversation?.id;
    if (conversationId === undefined) {
      const [created] = await db
        .insert(askConversations)
        .values({ userId, recordId: conversation?.recordId ?? null, createdAt: now, updatedAt: now })
        .returning({ id: askConversations.id });
      conversationId = created!.id;
    } else {
      await db.update(askConversations).set({ updatedAt: now }).where(eq(askConversations.id, conversationId));
    }
    await db.insert(askTurns).values({ conversationId, question: body.question, ...answer, createdAt: now });
    return { ...answer, conversationId };
  };
}

/** One of the caller's records' conversation, oldest turn first. */
export async function recordConversation(db: Db, userId: number, recordId: number): Promise<Conversation> {
  await ownedRecord(db, userId, recordId);
  const conversation = await db.query.askConversations.findFirst({
    where: and(eq(askConversations.userId, userId), eq(askConversations.recordId, recordId)),
  });
  if (!conversation) return { conversationId: null, turns: [] };
  const rows = await db
    .select({ question: askTurns.question, answer: askTurns.answer, kind: askTurns.kind, citations: askTurns.citations })
    .from(askTurns)
    .where(eq(askTurns.conversationId, conversation.id))
    .orderBy(desc(askTurns.id))
    .limit(TURNS_SHOWN);
  const turns: Turn[] = rows.reverse();
  return { conversationId: conversation.id, turns };
}

/** Forgets what was asked of one of the caller's records (its turns go with it). */
export async function clearRecordConversation(db: Db, userId: number, recordId: number) {
  await ownedRecord(db, userId, recordId);
  await db.delete(askConversations).where(and(eq(askConversations.userId, userId), eq(askConversations.recordId, recordId)));
}
