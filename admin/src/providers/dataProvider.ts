import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, GetListResult } from 'react-admin';
import { API_BASE } from '../shared/config';
import { httpClient } from './httpClient';
import { readInWindows } from './readInWindows';
import { ordersMethods, ordersResource } from './methods/orders';
import { documentsMethods } from './methods/documents';
import { filesMethods } from './methods/files';
import { remarksMethods } from './methods/remarks';
import { accountMethods } from './methods/account';
import { apiResourceOf, permanentFilterOf } from './resources';

const API_ROOT = API_BASE.replace(/\/$/, '');

/** Set to 1 by the API when a list's total was counted only up to a cap (the admin shows "1,000+"). */
export const TOTAL_CAPPED_HEADER = 'X-Total-Capped';

/** Layer 1: every resource in ra-data-simple-rest's conventions (docs/architecture.md#http), over the one HTTP client. */
export const baseDataProvider: DataProvider = simpleRestProvider(API_ROOT, httpClient);

/**
 * getList of layer 1, plus the capped-total mark in `meta.totalCapped` (read by the List from its context).
 * ra-data-simple-rest keeps the response headers to itself, so each call gets a provider whose client notes them.
 */
async function getListMarkingCappedTotals(resource: string, params: GetListParams): Promise<GetListResult> {
  let capped = false;
  const provider = simpleRestProvider(API_ROOT, async (url, options) => {
    const answer = await httpClient(url, options);
    capped = answer.headers.get(TOTAL_CAPPED_HEADER) === '1';
    return answer;
  });
  const result = await provider.getList(resource, params);
  return capped ? { ...result, meta: { ...result.meta, totalCapped: true } } : result;
}

const conventional: DataProvider = { ...baseDataProvider, getList: readInWindows(getListMarkingCappedTotals) };

/** Resources whose CRUD calls still go to old-system endpoints; a method they lack falls through to the conventional layer. */
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

/** A list call of an admin resource with its permanent filter (a queue's) under the member's own. */
const withPermanentFilter = (resource: string, params: unknown): unknown => {
  const permanent = permanentFilterOf(resource);
  if (Object.keys(permanent).length === 0) return params;
  const list = params as GetListParams;
  return { ...list, filter: { ...list.filter, ...permanent } };
};

/**
 * Each CRUD call goes to the API resource behind the admin resource (providers/resources.ts: a queue reads
 * `orders` filtered by itself), through that resource's own methods or the conventional layer.
 */
const routed = Object.fromEntries(
  CRUD_METHODS.map((method) => [
    method,
    (resource: string, params: unknown) => {
      const apiResource = apiResourceOf(resource);
      const handler = (resourceMethods[apiResource]?.[method] ?? conventional[method]) as (
        resource: string,
        params: unknown,
      ) => Promise<unknown>;
      return handler(apiResource, method === 'getList' ? withPermanentFilter(resource, params) : params);
    },
  ]),
) as unknown as DataProvider;

/**
 * The app's data provider: conventional CRUD, then the custom methods of the real actions (assign, move,
 * refund, upload, resend, packs, invoice, password; providers/methods/*.ts).
 */
export const dataProvider = {
  ...routed,
  ...ordersMethods,
  ...documentsMethods,
  ...filesMethods,
  ...remarksMethods,
  ...accountMethods,
};
export type AppDataProvider = typeof dataProvider;
