import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * Bodies nested deeper than 64 levels are refused with 400 before anything walks them, even before sign-in:
 * one nested 5,000 deep would overflow the stack of a recursive walk.
 */
const TOO_DEEP = { status: 0, message: 'The request body is nested too deeply (more than 64 levels).' };
const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe.each(dialects())('deeply nested JSON on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login('manager@demo.test');
  });
  afterAll(() => t?.close());

  const send = (url: string, body: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...headers } });

  it('refuses a 5,000-deep array or object with 400 on every public POST route', async () => {
    const publicPosts = t.app.routeTable
      .filter((r) => r.method === 'POST' && r.config?.public && String(r.url).startsWith('/api/'))
      .map((r) => String(r.url));
    expect(publicPosts).toContain('/api/admin/admin-login');
    expect(publicPosts.length).toBeGreaterThanOrEqual(5);
    for (const url of publicPosts) {
      for (const body of [nested(5000), deepObject(5000), `{"email":${nested(65)}}`]) {
        const res = await send(url, body);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 400, body: TOO_DEEP });
      }
    }
    // The SNS webhook reads text/plain as JSON: the same limit.
    const sns = await send('/api/webhooks/ses', nested(5000), { 'content-type': 'text/plain' });
    expect([sns.statusCode, sns.json()]).toEqual([400, TOO_DEEP]);
  });

  it('refuses it on a staff route too, signed in', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/move-order-status',
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: `{"orderIds":${nested(5000)},"updatingStatus":"Awaiting"}`,
    });
    expect([res.statusCode, res.json()]).toEqual([400, TOO_DEEP]);
  });

  it('reads brackets inside strings as text, and lets 64 levels through to the usual checks', async () => {
    const inString = await send(
      '/api/admin/admin-login',
      JSON.stringify({ email: `${'['.repeat(500)}@demo.test`, password: '{'.repeat(500) }),
    );
    expect(inString.statusCode).not.toBe(500);
    expect(inString.json().message).not.toBe(TOO_DEEP.message);
    const escapedQuote = await send(
      '/api/admin/admin-login',
      JSON.stringify({ email: `\\"${'['.repeat(100)}`, password: 'x' }),
    );
    expect(escapedQuote.json().message).not.toBe(TOO_DEEP.message);

    const atLimit = await send('/api/admin/admin-login', `{"email":${nested(63)},"password":"x"}`);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).not.toBe(TOO_DEEP.message);
    const signIn = await send(
      '/api/admin/admin-login',
      JSON.stringify({ email: 'manager@demo.test', password: 'demo1234' }),
    );
    expect(signIn.statusCode).toBe(200);
  });
});
