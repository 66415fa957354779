import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { DEMO_ACCOUNTS } from '../../../seeds/index.js';

describe.each(dialects())('account endpoints on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a.type, a.name]))('signs in %s as %s', async (email, type, name) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email, password: 'demo1234' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 1, data: { email, type, name } });
    expect(body.jwtToken).toBe(body.token);
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(payload.user).toEqual({ id: body.data.id, name, type });
    expect(payload.exp - payload.iat).toBe(12 * 3600);
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/i);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'admin@demo.test', password: 'nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'ghost@demo.test', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password.');
  });

  it('accepts the email in any case', async () => {
    await expect(t.login('ADMIN@Demo.Test')).resolves.toBeTypeOf('string');
  });

  it.each([
    [{}, 'Email Address is required'],
    [{ email: 'admin@demo.test' }, 'Password is required'],
    [{ email: 'not-an-email', password: 'x' }, 'Invalid email address'],
    [{ email: 'admin@demo.test', password: '' }, 'Password is required'],
    [{ email: { $ne: 1 }, password: 'x' }, 'Invalid email address'],
    [{ email: 'a'.repeat(100_000) + '@x.io', password: 'x' }, 'email must NOT have more than 191 characters'],
    [{ email: "' OR 1=1 --@x.io", password: "' OR '1'='1" }, 'Invalid email address'],
  ])('refuses bad sign-in input %#', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBe(message);
  });

  it('refuses invalid JSON and a wrong content type with a message', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 0, message: 'The request body is not valid JSON.' });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ status: 0, message: 'body must be object' });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('answers user_info without any password field', async () => {
    const token = await t.login('manager@demo.test');
    const res = await t.call(token, { method: 'GET', url: '/api/user_info' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      name: 'Demo Manager',
      email: 'manager@demo.test',
      type: 'Manager',
    });
    const bearer = await t.call(null, {
      method: 'GET',
      url: '/api/user_info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('answers 401 {status: 401} to missing, forged, expired and malformed tokens', async () => {
    const sign = (secret: string, exp: number) =>
      createSigner({ key: secret })({ user: { id: 1, name: 'Demo Admin', type: 'Admin' }, tv: 0, exp });
    const future = Math.floor(Date.now() / 1000) + 3600;
    for (const token of [
      null,
      'garbage',
      'a.b.c',
      sign('another-secret-another-secret-another-secret', future),
      sign(TEST_JWT_SECRET, Math.floor(Date.now() / 1000) - 10),
    ]) {
      const res = await t.call(token, { method: 'GET', url: '/api/user_info' });
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(401);
      expect(res.json().message).toMatch(/sign in/);
    }
    const expired = await t.call(sign(TEST_JWT_SECRET, Math.floor(Date.now() / 1000) - 10), {
      method: 'GET',
      url: '/api/user_info',
    });
    expect(expired.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('changes the password, invalidating older tokens', async () => {
    const old = await t.login('team@demo.test');
    const short = await t.call(old, {
      method: 'POST',
      url: '/api/admin/change-password',
      payload: { currentPassword: 'demo1234', newPassword: '12345' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('New Password must be at least 6 characters.');
    const missing = await t.call(old, {
      method: 'POST',
      url: '/api/admin/change-password',
      payload: { currentPassword: 'demo1234' },
    });
    expect(missing.json().message).toBe('Please enter your New Password.');
    const res = await t.call(old, {
      method: 'POST',
      url: '/api/admin/change-password',
      payload: { currentPassword: 'demo1234', newPassword: 'new-secret-1' },
    });
    expect(res.json()).toMatchObject({ status: 1 });
    expect((await t.call(old, { method: 'GET', url: '/api/user_info' })).statusCode).toBe(401);
    await expect(t.login('team@demo.test')).rejects.toThrow();
    await expect(t.login('team@demo.test', 'new-secret-1')).resolves.toBeTypeOf('string');
  });

  it('asks the database for the session on every request when MEMBER_CACHE_MS is 0', async () => {
    const uncached = await createTestApp(dialect, { config: { memberCacheMs: 0 } });
    try {
      const token = await uncached.login('telecaller@demo.test');
      expect((await uncached.call(token, { method: 'GET', url: '/api/user_info' })).statusCode).toBe(200);
      // Ended in the database itself, not through a route: no cache is cleared, none is kept.
      const member = await uncached.db('team_members').where({ email: 'telecaller@demo.test' }).first('id');
      await uncached.db('sessions').where({ member_id: member.id }).del();
      expect((await uncached.call(token, { method: 'GET', url: '/api/user_info' })).statusCode).toBe(401);
    } finally {
      await uncached.close();
    }
  });

  it('refuses password changes for Night Staff', async () => {
    const token = await t.login('night@demo.test');
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/admin/change-password',
      payload: { currentPassword: 'demo1234', newPassword: 'whatever1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(0);
  });

  it('answers health when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 1, message: 'ok' });
  });
});

describe('sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { config: { loginRateMax: 3 } });
  });
  afterAll(() => t?.close());

  it('answers 429 after the limit per IP and email', async () => {
    const attempt = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email, password: 'wrong-one' },
        remoteAddress: '10.9.8.7',
      });
    for (let i = 0; i < 3; i++) expect((await attempt('admin@demo.test')).statusCode).toBe(401);
    const blocked = await attempt('admin@demo.test');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 0, message: expect.stringMatching(/Too many attempts/) });
    expect((await attempt('manager@demo.test')).statusCode).toBe(401);
  });

  it('answers 429 per IP when one IP sprays many emails', async () => {
    const spray = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email: `x${i}@demo.test`, password: 'wrong-one' },
        remoteAddress: '10.1.2.3',
      });
    const codes: number[] = [];
    for (let i = 0; i < 16; i++) codes.push((await spray(i)).statusCode);
    expect(codes.slice(0, 15).every((c) => c === 401)).toBe(true);
    expect(codes[15]).toBe(429);
  });
});
