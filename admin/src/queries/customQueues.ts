import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueueDefinition } from '@app/domain';
import { apiCall } from '../providers/httpClient';
import { readStoredUser } from '../providers/session';

/** The react-query key of the custom queues; the live configuration.changed event marks it stale. */
export const CUSTOM_QUEUES_KEY = 'customQueues';

/**
 * The custom queues the member may open, as App.tsx renders them: one <Resource> each. App stands
 * outside react-admin's query client, so the query below hands its answer over through this store.
 */
let published: readonly QueueDefinition[] = [];
const listeners = new Set<() => void>();

export const customQueuesSnapshot = () => published;
export function subscribeToCustomQueues(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function publish(queues: readonly QueueDefinition[]) {
  if (JSON.stringify(queues) === JSON.stringify(published)) return;
  published = queues;
  for (const listener of listeners) listener();
}

/**
 * GET /api/admin/custom-queues: the custom queues the member's role may open, in their order,
 * read once per sign-in and again when the configuration changes; shared by the sidebar, the dashboard
 * and the routes.
 */
export function useCustomQueues() {
  const token = readStoredUser()?.accessToken;
  const query = useQuery({
    queryKey: [CUSTOM_QUEUES_KEY, token],
    queryFn: async () => (await apiCall<QueueDefinition[]>('admin/custom-queues')).data ?? [],
    enabled: !!token,
    staleTime: Infinity,
    // A role with no custom queue (or an API without them yet) simply has none.
    retry: false,
  });
  const queues = query.data;
  useEffect(() => {
    if (queues) publish(queues);
  }, [queues]);
  return queues ?? published;
}
