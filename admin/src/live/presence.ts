import { apiCall, apiUrl, withToken } from '../providers/httpClient';

/** This browser tab, so that the same member in two tabs counts as viewing until both have left. */
export const TAB_ID: string = (() => {
  const key = 'live.tab';
  const found = sessionStorage.getItem(key);
  if (found) return found;
  const id = crypto.randomUUID().replace(/-/g, '').slice(0, 16);
  sessionStorage.setItem(key, id);
  return id;
})();

export type Viewer = { id: number; name: string };

/** Says this tab views (or left) the order; answers who views it now. */
export async function sendPresence(orderId: number, viewing: boolean): Promise<Viewer[]> {
  const answer = await apiCall<{ members: Viewer[] }>('admin/events/presence', {
    method: 'PUT',
    json: { orderId, tab: TAB_ID, viewing },
  });
  return answer.data?.members ?? [];
}

/** Leaving as the tab closes: a request that outlives the page (fetch keepalive carries the token, a beacon cannot). */
export function leaveOnUnload(orderId: number) {
  void fetch(apiUrl('admin/events/presence'), {
    method: 'PUT',
    keepalive: true,
    headers: withToken({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ orderId, tab: TAB_ID, viewing: false }),
  }).catch(() => undefined);
}
