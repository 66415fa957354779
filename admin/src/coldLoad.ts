import { decodeId } from '@app/domain';
import { apiUrl, startEarlyGet } from './providers/httpClient';

/**
 * What a cold load of `pathname` needs at once, asked for before React first draws: the registry every screen
 * is built from, and the screen's code (the order page's, or the queue table's, which most addresses open)
 * with, for an order page, the order itself. Asked again later, the code comes from memory and the requests
 * from httpClient's early answers.
 */
export function startColdLoad(pathname: string) {
  startEarlyGet(apiUrl('admin/registry'));
  const encodedId = /^\/admin\/view-order\/([^/]+)$/.exec(pathname)?.[1];
  if (!encodedId) return void import('./queues/QueueScreen');
  void import('./orders/OrderShow');
  try {
    startEarlyGet(apiUrl(`orders/${decodeId(encodedId)}`));
  } catch {
    // A malformed id: the order page says so.
  }
}
