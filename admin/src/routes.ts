import { decodeId, encodeId } from '@app/domain';
import { apiUrl, startEarlyGet } from './providers/httpClient';

/**
 * The admin's addresses beyond react-admin's own `/<resource>`, `/<resource>/create`, `/<resource>/:id` and
 * `/<resource>/:id/show`. Resources are named by their SPEC addresses (providers/resources.ts), so SPEC's
 * routes are react-admin's, with one exception and a few redirects, all here.
 */

/** The one route that differs from react-admin's: the order page, the Show of `orders`, at SPEC's address. */
export const ORDER_PAGE_ROUTE = '/view-order/:encodedId';

/** The order page of an order (SPEC section 2: the id in the link is encoded). */
export const orderPagePath = (basename: string, orderId: number) => `${basename}/view-order/${encodeId(orderId)}`;

/**
 * react-admin's addresses of the resources by their API names (what a link made by `useCreatePath` for
 * `team-members` or `orders` gives), each sent to the SPEC address of the same screen.
 */
export const REDIRECTS: ReadonlyArray<{ from: string; to: (params: Record<string, string | undefined>) => string }> = [
  { from: '/team-members', to: () => '/manage-team' },
  { from: '/team-members/create', to: () => '/manage-team' },
  { from: '/team-members/:id', to: ({ id }) => `/manage-team/${id}` },
  { from: '/gateways', to: () => '/gateway-setting' },
  { from: '/country-report', to: () => '/country-order-list' },
  { from: '/processed-by-report', to: () => '/processed-order' },
  { from: '/orders', to: () => '/order-history' },
  { from: '/orders/:id/show', to: ({ id }) => orderPagePath('', Number(id)) },
];

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
