import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@app/domain';
import { FOLDER_COUNTS_KEY } from '../queries/useFolderCounts';
import { CUSTOM_QUEUES_KEY } from '../queries/customQueues';
import { REGISTRY_KEY } from '../registry/useRegistry';
import { DISPUTES_DUE_KEY } from '../queries/useDisputesDue';
import { openLiveStream } from './liveClient';
import { apiResourceOf } from '../providers/resources';

type Listener = (event: LiveEvent) => void;

interface LiveContextValue {
  /** Calls `listener` with every event from now on; answers the unsubscribe function. */
  subscribe(listener: Listener): () => void;
  connected: boolean;
}

const LiveContext = createContext<LiveContextValue | null>(null);

/** Whether a react-query key is react-admin's cache of orders: the `orders` resource or a queue's. */
const isOrdersKey = (key: readonly unknown[]) => apiResourceOf(String(key[0])) === 'orders';

/**
 * Live work for the signed-in admin: one event stream per tab. Counts pushed by the server replace the
 * cached folder counts (sidebar and tiles follow at once); a changed order marks react-admin's cache of
 * orders stale without refetching it (the open order page and the lists decide when to reload, see
 * LiveOrderBar and ChangedRowsNotice); a changed configuration reloads the registry and the custom queues, so
 * every screen redraws from the new schema; a resync (events missed) reloads everything.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<Listener>());
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    // A stream carries what happens from its start: what changed between the page's first reads and then
    // was never sent, so the counts it keeps are read anew (the bell does the same, useLiveConnected).
    const opened = (open: boolean) => {
      setConnected(open);
      if (open)
        for (const queryKey of [FOLDER_COUNTS_KEY, DISPUTES_DUE_KEY]) void queryClient.invalidateQueries({ queryKey });
    };
    return openLiveStream((event) => {
      if (event.type === 'counts.changed') {
        queryClient.setQueryData<Record<string, number>>(FOLDER_COUNTS_KEY, (old) => ({ ...old, ...event.counts }));
      } else if (event.type === 'order.changed') {
        void queryClient.invalidateQueries({ predicate: (q) => isOrdersKey(q.queryKey), refetchType: 'none' });
      } else if (event.type === 'configuration.changed') {
        // Every screen is drawn from the registry and the custom queues: read anew, they redraw in place.
        for (const key of [REGISTRY_KEY, CUSTOM_QUEUES_KEY, FOLDER_COUNTS_KEY[0]])
          void queryClient.invalidateQueries({ queryKey: [key] });
      } else if (event.type === 'disputes.changed') {
        queryClient.setQueryData(DISPUTES_DUE_KEY, event.due);
      } else if (event.type === 'resync') {
        void queryClient.invalidateQueries();
      }
      for (const listener of listeners.current) listener(event);
    }, opened);
  }, [queryClient]);

  const value = useMemo<LiveContextValue>(
    () => ({
      subscribe(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      connected,
    }),
    [connected],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/** Calls `listener` (kept current) with each live event while the component is mounted. */
export function useLiveEvents(listener: Listener) {
  const live = useContext(LiveContext);
  const current = useRef(listener);
  useEffect(() => {
    current.current = listener;
  });
  useEffect(() => live?.subscribe((event) => current.current(event)), [live]);
}

/** Whether the event stream is open now; it turns true again after each reconnection. */
export const useLiveConnected = () => useContext(LiveContext)?.connected ?? false;
