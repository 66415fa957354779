import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * Change-password asks for the current password, logout ends the token at
 * once, and only Admin and Manager set another member's password.
 */
describe.each(dialects())('sessions on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let ids: Record<string, number>;
  const userInfo = (token: string) => t.call(token, { method: 'GET', url: '/api/user_info' });
  const document = async (token: string) => {
    const doc = await t.db('uploaded_documents').orderBy('id').first('order_id', 'file1');
    return t.call(token, { method: 'GET', url: `/uploads/docs/${doc.order_id}_${doc.file1}` });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens, ids } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  it('refuses a password change without the right current password', async () => {
    const change = (payload: object) =>
      t.call(tokens.telecaller!, { method: 'POST', url: '/api/admin/change-password', payload });
    const missing = await change({ newPassword: 'another-1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ status: 0, message: 'Please enter your Current Password.' });
    const wrong = await change({ currentPassword: 'not-it', newPassword: 'another-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: 0, message: 'The current password is not correct.' });
    expect((await userInfo(tokens.telecaller!)).statusCode).toBe(200);
    await expect(t.login('telecaller@demo.test', 'another-1')).rejects.toThrow();

    const right = await change({ currentPassword: 'demo1234', newPassword: 'another-1' });
    expect(right.json()).toMatchObject({ status: 1 });
    await expect(t.login('telecaller@demo.test', 'another-1')).resolves.toBeTypeOf('string');
  });

  it('ends the token at once on logout, on the API and on document links, and only that token', async () => {
    const first = await t.login('manager@demo.test');
    const second = await t.login('manager@demo.test');
    expect((await document(first)).statusCode).toBe(200);
    const out = await t.call(first, { method: 'POST', url: '/api/admin/logout' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 1, message: 'You have been signed out.' });
    const after = await userInfo(first);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status: 401, message: expect.stringMatching(/sign in/) });
    expect((await document(first)).statusCode).toBe(403);
    expect((await t.call(first, { method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(401);
    expect((await userInfo(second)).statusCode).toBe(200);
    expect((await t.call(null, { method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(401);
  });

  it.each([
    ['team', 'Team'],
    ['telecaller', 'Telecaller'],
  ])("refuses a %s member setting another member's password", async (role, type) => {
    const add = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/admin/add-team-member',
      payload: { name: `Peer of ${role}`, email: `peer-${role}@demo.test`, password: 'peer-pass-1', type },
    });
    expect(add.json().status).toBe(1);
    const peer = await t
      .db('team_members')
      .where({ email: `peer-${role}@demo.test` })
      .first('id');
    const actor = role === 'telecaller' ? await t.login('telecaller@demo.test', 'another-1') : tokens[role]!;
    const res = await t.call(actor, {
      method: 'POST',
      url: '/api/admin/update-team-member',
      payload: {
        tmId: peer.id,
        name: `Peer of ${role}`,
        email: `peer-${role}@demo.test`,
        type,
        password: 'taken-over',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 0, message: "Only an Admin or a Manager can set another member's password." });
    await expect(t.login(`peer-${role}@demo.test`, 'taken-over')).rejects.toThrow();
    // Editing the name without a password still works.
    const rename = await t.call(actor, {
      method: 'POST',
      url: '/api/admin/update-team-member',
      payload: { tmId: peer.id, name: 'Renamed Peer', email: `peer-${role}@demo.test`, type, password: '' },
    });
    expect(rename.json().status).toBe(1);
  });

  it("lets Admin and Manager set another member's password, but nobody their own without the current one", async () => {
    const set = (token: string, id: number, email: string, type: string, password: string) =>
      t.call(token, {
        method: 'POST',
        url: '/api/admin/update-team-member',
        payload: { tmId: id, name: 'Demo Team', email, type, password },
      });
    expect((await set(tokens.manager!, ids.team!, 'team@demo.test', 'Team', 'by-manager-1')).json().status).toBe(1);
    await expect(t.login('team@demo.test', 'by-manager-1')).resolves.toBeTypeOf('string');
    const own = await set(tokens.admin!, ids.admin!, 'admin@demo.test', 'Admin', 'self-set-1');
    expect(own.statusCode).toBe(403);
    await expect(t.login('admin@demo.test', 'self-set-1')).rejects.toThrow();
  });
});
