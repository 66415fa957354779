import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import { API_BASE } from '../config';
import { readStoredUser } from './session';

/** Base layer: resources that follow ra-data-simple-rest conventions (DESIGN section 2), with the token attached. */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = readStoredUser()?.accessToken;
  if (token) headers.set('Authorization', token);
  return fetchUtils.fetchJson(url, { ...options, headers });
};

export const baseDataProvider: DataProvider = simpleRestProvider(API_BASE.replace(/\/$/, ''), httpClient);

export const dataProvider = baseDataProvider;
export type AppDataProvider = typeof dataProvider;
