import { encodeId } from '@app/domain';

/**
 * The admin's addresses beyond react-admin's own `/<resource>`, `/<resource>/create`, `/<resource>/:id` and
 * `/<resource>/:id/show`. Screens are named as the API names their resources (domain SCREENS), so those are
 * react-admin's; the order page, the member's security page and the old system's addresses are here.
 */

/** The one route that differs from react-admin's: the order page, the Show of `orders`, at the old system's address. */
export const ORDER_PAGE_ROUTE = '/view-order/:encodedId';

/** "My sessions" and the second factor of the signed-in member. */
export const ACCOUNT_SECURITY_ROUTE = 'account-security';

/** The order page of an order (the id in the link is encoded). */
export const orderPagePath = (basename: string, orderId: number) => `${basename}/view-order/${encodeId(orderId)}`;

/**
 * The old system's addresses that staff bookmarked, each the screen it now names, as `<old>` to `<screen>`:
 * `/manage-team` and everything under it (`/manage-team/7`) lead to the same address under `/team-members`.
 */
export const ALIASES: Readonly<Record<string, string>> = {
  'manage-team': 'team-members',
  'gateway-setting': 'gateways',
  'country-order-list': 'country-report',
  'processed-order': 'processed-by-report',
};

type Redirect = { from: string; to: (params: Record<string, string | undefined>) => string };

/** The aliases, and the addresses of `orders` that are the queues and the order page. */
export const REDIRECTS: readonly Redirect[] = [
  ...Object.entries(ALIASES).flatMap(([old, screen]): Redirect[] => [
    { from: `/${old}`, to: () => `/${screen}` },
    { from: `/${old}/*`, to: (params) => `/${screen}/${params['*'] ?? ''}` },
  ]),
  { from: '/orders', to: () => '/order-history' },
  { from: '/orders/:id/show', to: ({ id }) => orderPagePath('', Number(id)) },
];
