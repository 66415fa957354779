import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import { API_BASE } from '../config';
import { readStoredUser } from './session';
import { ordersMethods, ordersResource } from './methods/orders';
import { documentsMethods } from './methods/documents';
import { reportsMethods } from './methods/reports';
import { filesMethods } from './methods/files';
import { remarksMethods } from './methods/remarks';
import { teamMethods } from './methods/team';
import { gatewaysMethods } from './methods/gateways';
import { accountMethods } from './methods/account';

/** Base layer: resources that follow ra-data-simple-rest conventions (DESIGN section 2), with the token attached. */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = readStoredUser()?.accessToken;
  if (token) headers.set('Authorization', token);
  return fetchUtils.fetchJson(url, { ...options, headers });
};

export const baseDataProvider: DataProvider = simpleRestProvider(API_BASE.replace(/\/$/, ''), httpClient);

/** Resources whose CRUD calls go to SPEC endpoints instead of the base layer; a method they lack falls through. */
const resourceMethods: Record<string, Partial<DataProvider>> = {
  orders: ordersResource as Partial<DataProvider>,
};

const CRUD_METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
] as const;

const routed = Object.fromEntries(
  CRUD_METHODS.map((method) => [
    method,
    (resource: string, params: unknown) => {
      const handler = (resourceMethods[resource]?.[method] ?? baseDataProvider[method]) as (
        resource: string,
        params: unknown,
      ) => Promise<unknown>;
      return handler(resource, params);
    },
  ]),
) as unknown as DataProvider;

/** The app's data provider: routed CRUD, then the custom methods of each area (providers/methods/*.ts). */
export const dataProvider = {
  ...routed,
  ...ordersMethods,
  ...documentsMethods,
  ...reportsMethods,
  ...filesMethods,
  ...remarksMethods,
  ...teamMethods,
  ...gatewaysMethods,
  ...accountMethods,
};
export type AppDataProvider = typeof dataProvider;
