import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Conversation } from '../../../contracts/ai';
import { SEARCH_CONVERSATION_KEY, askConversationKey } from '../../lib/query-keys';
import { type AnswerSoFar, askStreamed, clearConversation, fetchConversation } from './api';

const EMPTY: Conversation = { conversationId: null, turns: [] };

/** The question being answered and what of its answer has arrived. */
export interface LiveTurn extends AnswerSoFar {
  question: string;
}

/**
 * The questions asked in an Ask panel and their answers. A record's are loaded from the Worker, so they survive a
 * reload; the search page's live in the page's cache. An answer is read as it streams (`live`, growing piece by
 * piece), then added to the cached conversation, and the next question continues it (a short follow-up is read
 * with the question before it by the Worker).
 */
export function useConversation(ids: number[] | undefined, recordId: number | undefined) {
  const queryClient = useQueryClient();
  const key = recordId === undefined ? SEARCH_CONVERSATION_KEY : askConversationKey(recordId);
  const saved = useQuery({ queryKey: key, queryFn: () => (recordId === undefined ? EMPTY : fetchConversation(recordId)), enabled: recordId !== undefined });
  const conversation = saved.data ?? EMPTY;
  const [live, setLive] = useState<LiveTurn | null>(null);
  const ask = useMutation({
    mutationFn: (question: string) => {
      setLive({ question, answer: '', citations: [] });
      return askStreamed({ question, ids, conversationId: conversation.conversationId ?? undefined }, (soFar) => setLive({ question, ...soFar }));
    },
    onSuccess: ({ conversationId, ...answer }, question) => {
      queryClient.setQueryData<Conversation>(key, (old) => ({ conversationId, turns: [...(old?.turns ?? []), { question, ...answer }] }));
      setLive(null);
    },
  });
  const clear = useMutation({
    // The search page's conversation is only in the page: forgetting it there is enough.
    mutationFn: async () => {
      if (recordId !== undefined) await clearConversation(recordId);
    },
    onSuccess: () => {
      queryClient.setQueryData(key, EMPTY);
      setLive(null);
    },
  });
  return { turns: conversation.turns, live, ask, clear };
}
