import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import { signedDocumentUrl } from '../../../api/src/modules/files/links.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * Sessions beyond tests/api/auth/auth.test.ts (which covers missing, garbage, other-secret and expired
 * tokens and a member changing their own password): tampered and confused tokens, tokens of members
 * who were deleted, re-passworded or demoted by someone else, and the document route's own token check.
 */

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

describe.each(dialects())('sessions on %s', (dialect) => {
  let t: TestApp;
  let adminToken: string;
  let doc: { order_id: number; file1: string };
  const sign = (payload: object, options: { key?: string; algorithm?: string } = {}) =>
    createSigner({ key: options.key ?? TEST_JWT_SECRET, algorithm: options.algorithm as 'HS256' | undefined })({
      iat: now(),
      exp: now() + 3600,
      ...payload,
    });
  const memberId = async (email: string) => (await t.db('team_members').where({ email }).first('id')).id as number;
  const userInfo = (token: string) => t.call(token, { method: 'GET', url: '/api/user_info' });
  const fileWith = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/uploads/docs/${doc.order_id}_${doc.file1}`,
      headers: { authorization: token },
    });
  const expect401 = async (token: string) => {
    const res = await userInfo(token);
    expect(res.statusCode, token.slice(0, 60)).toBe(401);
    expect(res.json()).toEqual({ status: 401, message: expect.stringMatching(/sign in/) });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    adminToken = await t.login('admin@demo.test');
    doc = await t.db('uploaded_documents').orderBy('id').first('order_id', 'file1');
  });
  afterAll(() => t?.close());

  it('refuses a token whose payload was changed after signing', async () => {
    const token = await t.login('team@demo.test');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    for (const changed of [
      { ...claims, user: { ...claims.user, type: 'Admin' } },
      { ...claims, user: { ...claims.user, id: await memberId('admin@demo.test') } },
      { ...claims, exp: claims.exp + 86_400 },
    ]) {
      await expect401(`${header}.${b64(changed)}.${signature}`);
    }
  });

  it('refuses unsigned, algorithm-confused and malformed tokens', async () => {
    const id = await memberId('admin@demo.test');
    const claims = { user: { id, name: 'Demo Admin', type: 'Admin' }, tv: 0, exp: now() + 3600 };
    const tokens = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}`,
      sign(claims, { algorithm: 'HS512' }),
      `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.${'A'.repeat(43)}`,
      `Bearer ${'x'.repeat(100_000)}`,
      'Bearer',
      'Bearer ',
      'Basic YWRtaW5AZGVtby50ZXN0OmRlbW8xMjM0',
      '.',
      '..',
      'eyJ.eyJ.x',
      `${adminToken}.${adminToken}`,
      `${adminToken}x`,
      ` ${adminToken.split('.').slice(0, 2).join('.')}.`,
    ];
    for (const token of tokens) {
      const res = await userInfo(token);
      expect(res.statusCode, token.slice(0, 60)).toBe(401);
      expect(res.json().status).toBe(401);
    }
  });

  it('refuses well-signed tokens that name no member, another version, or no user at all', async () => {
    const id = await memberId('manager@demo.test');
    for (const claims of [
      { user: { id: 999_999, name: 'Ghost', type: 'Admin' }, tv: 0 },
      { user: { id, name: 'Demo Manager', type: 'Manager' }, tv: 7 },
      { user: { id: `${id} OR 1=1`, name: 'x', type: 'Admin' }, tv: 0 },
      { user: { id: { $ne: null }, name: 'x', type: 'Admin' }, tv: 0 },
      { tv: 0 },
      { user: { id }, nbf: now() + 3600, tv: 0 },
    ]) {
      await expect401(sign(claims));
    }
  });

  it('refuses visitor tokens and signed file links as staff tokens, and staff tokens as visitor tokens', async () => {
    const order = await t.db('orders').where({ order_id: doc.order_id }).first('email');
    const tracked = await t.app.inject({
      method: 'POST',
      url: '/api/front/track-order',
      payload: { orderId: String(doc.order_id), email: order.email },
    });
    const visitorToken = tracked.json().data.token as string;
    const link = new URL(signedDocumentUrl(t.config.jwtSecret, doc.order_id, doc.file1), 'http://x');
    await expect401(visitorToken);
    await expect401(link.searchParams.get('signature')!);

    const history = await t.app.inject({
      method: 'POST',
      url: '/api/front/get-download-history',
      payload: { orderId: String(doc.order_id), token: adminToken },
    });
    // Refused as too long for a visitor token, before any signature check.
    expect(history.statusCode).toBe(400);
    expect(history.json().status).toBe(0);
    // A staff token in the query string is not a way in either.
    const byQuery = await t.app.inject({ method: 'GET', url: `/api/user_info?token=${adminToken}` });
    expect(byQuery.statusCode).toBe(401);
  });

  it('ends the sessions of a member an Admin deletes, on the API and on document links', async () => {
    const token = await t.login('anna@demo.test');
    expect((await userInfo(token)).statusCode).toBe(200);
    expect((await fileWith(token)).statusCode).toBe(200);
    const res = await t.call(adminToken, {
      method: 'PUT',
      url: '/api/admin/delete-team-member',
      payload: { teamMemberId: await memberId('anna@demo.test') },
    });
    expect(res.json().status).toBe(1);
    await expect401(token);
    expect((await fileWith(token)).statusCode).toBe(403);
  });

  it('ends the older sessions of a member whose password an Admin changes, and keeps them when it is left empty', async () => {
    const id = await memberId('somchai@demo.test');
    const update = (password?: string) =>
      t.call(adminToken, {
        method: 'POST',
        url: '/api/admin/update-team-member',
        payload: { tmId: id, name: 'Somchai Prasert', email: 'somchai@demo.test', type: 'Team', password },
      });
    const before = await t.login('somchai@demo.test');
    expect((await update('')).json().status).toBe(1);
    expect((await userInfo(before)).statusCode).toBe(200);
    expect((await update('brand-new-1')).json().status).toBe(1);
    await expect401(before);
    expect((await fileWith(before)).statusCode).toBe(403);
    const after = await t.login('somchai@demo.test', 'brand-new-1');
    expect((await userInfo(after)).statusCode).toBe(200);
  });

  it('reads the role from the member, not from the token: a demoted member loses access at once', async () => {
    const token = await t.login('manager@demo.test');
    const team = () => t.call(token, { method: 'GET', url: '/api/admin/get-team-member-list' });
    expect((await team()).statusCode).toBe(200);
    await t.call(adminToken, {
      method: 'POST',
      url: '/api/admin/update-team-member',
      payload: {
        tmId: await memberId('manager@demo.test'),
        name: 'Demo Manager',
        email: 'manager@demo.test',
        type: 'Night Staff',
      },
    });
    const res = await team();
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(0);
    expect((await userInfo(token)).json().data.type).toBe('Night Staff');
  });
});
