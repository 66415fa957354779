import type { FastifyInstance } from 'fastify';
import type { Permission } from '@app/domain';

/** A JSON schema as the routes declare them (TypeBox schemas are plain JSON schema objects). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  [keyword: string]: unknown;
}

/** One endpoint of the app, as its route table holds it. */
export interface Endpoint {
  method: string;
  /** The route pattern, e.g. /api/admin/team-member-info/:id */
  url: string;
  public: boolean;
  permission?: Permission;
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
  /** Multipart routes read their body from the form before validation. */
  multipart: boolean;
}

/**
 * The app's endpoints, from the route table it keeps (app.routeTable): every method and path a client
 * can call, with the access config and schemas the route was registered with. Left out: the HEAD twins
 * of GET routes, the routes of the static apps, and the OpenAPI docs (tested on their own).
 */
export function endpoints(app: FastifyInstance): Endpoint[] {
  return app.routeTable
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ route, method })),
    )
    .filter(
      ({ route, method }) =>
        method !== 'HEAD' && /^\/(api|uploads)\//.test(route.url) && !route.url.startsWith('/api/docs'),
    )
    .map(({ route, method }) => {
      const config = (route.config ?? {}) as { public?: boolean; permission?: Permission };
      const schema = (route.schema ?? {}) as {
        body?: JsonSchema;
        querystring?: JsonSchema;
        params?: JsonSchema;
        consumes?: string[];
      };
      return {
        method,
        url: route.url,
        public: !!config.public,
        permission: config.permission,
        body: schema.body,
        querystring: schema.querystring,
        params: schema.params,
        multipart: !!schema.consumes?.includes('multipart/form-data'),
      };
    });
}

export const endpointName = (e: Pick<Endpoint, 'method' | 'url'>) => `${e.method} ${e.url}`;

/** The route pattern with its path parameters (and a trailing wildcard) filled in, URL-encoded. */
export const fillPath = (url: string, value: (name: string) => string) =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(value(name))).replace(/\*$/, () => value('*'));
