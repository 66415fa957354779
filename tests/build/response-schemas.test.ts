import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** The 2xx status codes (or ranges) a route's response schema describes. */
const successCodes = (route: RouteOptions) =>
  Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {}).filter((code) =>
    /^2(\d\d|xx)$/i.test(code),
  );

/**
 * Every route of the API answers through a response schema (docs/architecture.md#http): it documents the
 * answer and Fastify serializes by it, so a field it does not list never leaves. Routes hidden from the API
 * docs (the docs themselves, the static apps, CORS preflight) serve no JSON of the API and are left out.
 */
describe('response schemas', () => {
  let t: TestApp;
  // Building the app migrates a fresh database: longer than the build suite's default wait on a busy machine.
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false });
  }, 60_000);
  afterAll(() => t?.close());

  it('gives every route of the API a response schema for its 2xx answer', () => {
    const routes = t.app.routeTable.filter((route) => !route.schema?.hide);
    const methods = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
    const missing = routes
      .filter((route) => successCodes(route).length === 0)
      .flatMap((route) =>
        methods(route)
          .filter((m) => m !== 'HEAD')
          .map((m) => `${m} ${route.url}`),
      );
    expect(routes.length).toBeGreaterThan(150);
    expect(missing).toEqual([]);
  });
});
