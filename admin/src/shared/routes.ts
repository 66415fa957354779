import { encodeId } from '@app/domain';

/**
 * The admin's addresses beyond react-admin's own `/<resource>`, `/<resource>/create`, `/<resource>/:id` and
 * `/<resource>/:id/show`. Resources are named by the old system's addresses (providers/resources.ts), so its
 * routes are react-admin's, with one exception and a few redirects, all here.
 */

/** The one route that differs from react-admin's: the order page, the Show of `orders`, at the old system's address. */
export const ORDER_PAGE_ROUTE = '/view-order/:encodedId';

/** "My sessions" and the second factor of the signed-in member. */
export const ACCOUNT_SECURITY_ROUTE = 'account-security';

/** The order page of an order (the id in the link is encoded). */
export const orderPagePath = (basename: string, orderId: number) => `${basename}/view-order/${encodeId(orderId)}`;

/**
 * react-admin's addresses of the resources by their API names (what a link made by `useCreatePath` for
 * `team-members` or `orders` gives), each sent to the old-system address of the same screen.
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
