import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { RECORDS_KEY, detailKey } from '../../lib/query-keys';

/**
 * Spec §3 "the record being edited (broadcast to other tabs)": a tab that changes a record says so on this
 * channel, and any other tab showing the same record reloads it instead of showing (and later saving over)
 * an old copy.
 */
export const RECORD_CHANNEL = 'tingyi-record';

export interface RecordChangedMessage {
  id: number;
}

const isRecordMessage = (data: unknown): data is RecordChangedMessage =>
  typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'number';

/**
 * Listens for other tabs' changes to record `id` and returns `changed()`: reload this record and the lists,
 * and tell the other tabs. One channel object does both, as a channel does not hear its own messages.
 */
export function useRecordSync(id: number): () => Promise<void> {
  const queryClient = useQueryClient();
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    // Embedded browsers without BroadcastChannel still work, one tab at a time.
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(RECORD_CHANNEL);
    ch.onmessage = (event: MessageEvent<unknown>) => {
      if (isRecordMessage(event.data) && event.data.id === id) void queryClient.invalidateQueries({ queryKey: detailKey(id) });
    };
    channel.current = ch;
    return () => {
      ch.close();
      channel.current = null;
    };
  }, [id, queryClient]);

  return useCallback(async () => {
    channel.current?.postMessage({ id } satisfies RecordChangedMessage);
    await Promise.all([queryClient.invalidateQueries({ queryKey: detailKey(id) }), queryClient.invalidateQueries({ queryKey: RECORDS_KEY })]);
  }, [id, queryClient]);
}
