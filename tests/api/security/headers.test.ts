import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { endpoints } from '../../helpers/endpoints.js';

const ALLOWED_ORIGIN = 'https://admin.example.test';

/** helmet's headers, as every answer must carry them. */
function expectSecurityHeaders(res: LightMyRequestResponse) {
  expect(res.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'x-dns-prefetch-control': 'off',
  });
  expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  const csp = String(res.headers['content-security-policy']);
  for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'self'"]) {
    expect(csp).toContain(directive);
  }
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe.each(dialects())('security headers, CORS and API docs on %s', (dialect) => {
  let t: TestApp;
  let production: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { corsOrigins: [ALLOWED_ORIGIN] } });
    production = await createTestApp(dialect, { config: { nodeEnv: 'production' } });
  });
  afterAll(async () => {
    await t?.close();
    await production?.close();
  });

  it('sends the security headers with answers, refusals and pages', async () => {
    const token = await t.login('team@demo.test');
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.call(token, { method: 'GET', url: '/api/admin/get-folder-count' }),
      await t.app.inject({ method: 'GET', url: '/api/admin/get-folder-count' }),
      await t.call(token, { method: 'GET', url: '/api/admin/get-orders-list/nope' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/front/track-order',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
      await t.app.inject({ method: 'GET', url: '/admin/manage-team' }),
      await t.app.inject({ method: 'GET', url: '/track-order/abc' }),
    ]) {
      expectSecurityHeaders(res);
    }
  });

  it('answers CORS only for the configured origins', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/admin/get-folder-count',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const allowed = await preflight(ALLOWED_ORIGIN);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    for (const origin of ['https://evil.example', 'https://admin.example.test.evil.example', 'null']) {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      const simple = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
      expect(simple.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: ALLOWED_ORIGIN } })).headers[
        'access-control-allow-origin'
      ],
    ).toBe(ALLOWED_ORIGIN);
  });

  it('answers no CORS at all when no origin is configured', async () => {
    const res = await production.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/get-folder-count',
      headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps the API docs behind a staff token in production, and open while developing', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await production.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: 'Please sign in to continue.' });
      expect((await production.call('forged.token.here', { method: 'GET', url })).statusCode).toBe(401);
    }
    const token = await production.login('night@demo.test');
    const json = await production.call(token, { method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toMatch(/^3\./);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('documents every API endpoint in the OpenAPI docs', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    const missing = endpoints(t.app)
      .filter((e) => e.url.startsWith('/api/'))
      .filter((e) => !paths[e.url.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()])
      .map((e) => `${e.method} ${e.url}`);
    expect(missing).toEqual([]);
  });
});
