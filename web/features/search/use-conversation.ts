import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '../../../contracts/ai';
import { SEARCH_CONVERSATION_KEY, askConversationKey } from '../../lib/query-keys';
import { askQuestion, clearConversation, fetchConversation } from './api';

const EMPTY: Conversation = { conversationId: null, turns: [] };

/**
 * The questions asked in an Ask panel and their answers. A record's are loaded from the Worker, so they survive a
 * reload; the search page's live in the page's cache. Each answer is added to the cached conversation, and the
 * next question continues it (a short follow-up is read with the question before it by the Worker).
 */
export function useConversation(ids: number[] | undefined, recordId: number | undefined) {
  const queryClient = useQueryClient();
  const key = recordId === undefined ? SEARCH_CONVERSATION_KEY : askConversationKey(recordId);
  const saved = useQuery({ queryKey: key, queryFn: () => (recordId === undefined ? EMPTY : fetchConversation(recordId)), enabled: recordId !== undefined });
  const conversation = saved.data ?? EMPTY;
  const ask = useMutation({
    mutationFn: (question: string) => askQuestion({ question, ids, conversationId: conversation.conversationId ?? undefined }),
    onSuccess: ({ conversationId, ...answer }, question) =>
      queryClient.setQueryData<Conversation>(key, (old) => ({ conversationId, turns: [...(old?.turns ?? []), { question, ...answer }] })),
  });
  const clear = useMutation({
    // The search page's conversation is only in the page: forgetting it there is enough.
    mutationFn: async () => {
      if (recordId !== undefined) await clearConversation(recordId);
    },
    onSuccess: () => queryClient.setQueryData(key, EMPTY),
  });
  return { turns: conversation.turns, ask, clear };
}
