import { createRoot } from 'react-dom/client';
import { Admin, fetchUtils, ListGuesser, Resource } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

/**
 * The baseline of `npm run bench:admin`: react-admin as its tutorial builds it, one <Resource> with a
 * ListGuesser over /api/orders (the queue the admin opens first as its permanent filter), with the
 * stored sign-in of the real admin. Built and served as the admin is, so that cold loads compare.
 */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const { accessToken } = JSON.parse(localStorage.getItem('user') ?? '{}') as { accessToken?: string };
  return fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: `Bearer ${accessToken}` } });
};

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={simpleRestProvider('/api', httpClient)}>
    <Resource name="orders" list={<ListGuesser filter={{ queue: 'newOrder' }} />} />
  </Admin>,
);
