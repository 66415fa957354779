import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { readCounters, recountOrderCounters } from '../../../api/src/modules/orders/counters.js';

describe.each(dialects())('team API on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const demo = await signInDemoAccounts(t);
    Object.assign(tokens, demo.tokens);
    Object.assign(ids, demo.ids);
  });
  afterAll(() => t?.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.call(token, { method, url: `/api/admin/${path}`, ...(payload ? { payload } : {}) });
  const add = (role: string, payload: object) => call(tokens[role]!, 'POST', 'add-team-member', payload);
  const update = (role: string, payload: object) => call(tokens[role]!, 'POST', 'update-team-member', payload);
  const remove = (role: string, teamMemberId: unknown) =>
    call(tokens[role]!, 'PUT', 'delete-team-member', { teamMemberId });
  const memberCount = async () => Number((await t.db('team_members').count({ n: '*' }).first())!.n);
  const noSecrets = (res: LightMyRequestResponse) => expect(res.body).not.toMatch(/password|scrypt|token_version/i);

  it('lists members and one member, never with a password', async () => {
    const list = await call(tokens.telecaller!, 'GET', 'get-team-member-list');
    expect(list.statusCode).toBe(200);
    const members = list.json().data;
    expect(members.length).toBe(8);
    expect(Object.keys(members[0]).sort()).toEqual(
      ['created_at', 'email', 'id', 'last_login_at', 'name', 'type', 'updated_at'].sort(),
    );
    noSecrets(list);
    const info = await call(tokens.manager!, 'GET', `team-member-info/${ids.team}`);
    expect(info.json().data).toMatchObject({ id: ids.team, name: 'Demo Team', type: 'Team' });
    noSecrets(info);
    expect((await call(tokens.manager!, 'GET', 'team-member-info/99999')).json()).toEqual({
      status: 0,
      message: 'Team member not found.',
    });
    expect((await call(tokens.manager!, 'GET', 'team-member-info/abc')).statusCode).toBe(400);
  });

  it('offers each role only the roles it may manage', async () => {
    const types = async (role: string) => (await call(tokens[role]!, 'GET', 'get-team-member-type')).json().data;
    expect(await types('admin')).toEqual(['Admin', 'Manager', 'Team', 'Telecaller', 'Night Staff']);
    expect(await types('manager')).toEqual(['Manager', 'Team', 'Telecaller', 'Night Staff']);
    expect(await types('team')).toEqual(['Team', 'Telecaller', 'Night Staff']);
  });

  it('is closed to Night Staff and to strangers', async () => {
    for (const [method, path] of [
      ['GET', 'get-team-member-list'],
      ['GET', `team-member-info/${ids.team}`],
      ['GET', 'get-team-member-type'],
      ['POST', 'add-team-member'],
      ['POST', 'update-team-member'],
      ['PUT', 'delete-team-member'],
    ] as const) {
      expect((await call(tokens.night!, method, path, {})).statusCode, path).toBe(403);
      expect((await t.call(null, { method, url: `/api/admin/${path}` })).statusCode, path).toBe(401);
    }
  });

  it('adds a member who can then sign in', async () => {
    const res = await add('manager', {
      name: ' New Agent ',
      email: 'agent@demo.test',
      password: 'agent-pass',
      type: 'Team',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      message: 'Team member added successfully.',
      data: { name: 'New Agent', email: 'agent@demo.test', type: 'Team' },
    });
    noSecrets(res);
    await expect(t.login('agent@demo.test', 'agent-pass')).resolves.toBeTypeOf('string');
    const stored = await t.db('team_members').where({ email: 'agent@demo.test' }).first();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
  });

  it.each([
    ['manager', 'Admin'],
    ['team', 'Manager'],
    ['telecaller', 'Team'],
  ])('refuses %s adding a member of role %s', async (role, type) => {
    const before = await memberCount();
    const res = await add(role, { name: 'Climber', email: `climber-${role}@demo.test`, password: 'secret1', type });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 0, message: `You cannot manage members with the role ${type}.` });
    expect(await memberCount()).toBe(before);
  });

  it.each([
    [{ email: 'a@b.co', password: 'secret1', type: 'Team' }, 400, 'Please enter your name.'],
    [{ name: '  ', email: 'a@b.co', password: 'secret1', type: 'Team' }, 400, 'Please enter your name.'],
    [{ name: 'A', password: 'secret1', type: 'Team' }, 400, 'Please enter your email.'],
    [{ name: 'A', email: 'not-an-email', password: 'secret1', type: 'Team' }, 400, 'Please enter a valid email.'],
    [{ name: 'A', email: "x' OR '1'='1", password: 'secret1', type: 'Team' }, 400, 'Please enter a valid email.'],
    [{ name: 'A', email: 'a@b.co', type: 'Team' }, 400, 'Please enter your password.'],
    [{ name: 'A', email: 'a@b.co', password: '12345', type: 'Team' }, 400, 'Password must be at least 6 characters.'],
    [{ name: 'A', email: 'a@b.co', password: 'secret1' }, 400, 'Please select type.'],
    [{ name: 'A', email: 'a@b.co', password: 'secret1', type: 'Owner' }, 400, 'Please select type.'],
    [{ name: 'x'.repeat(101), email: 'a@b.co', password: 'secret1', type: 'Team' }, 400, /name/],
    [
      { name: 'A', email: 'TEAM@demo.test', password: 'secret1', type: 'Team' },
      409,
      'A team member with this email already exists.',
    ],
  ])('refuses a bad new member %# and adds nothing', async (payload, code, message) => {
    const before = await memberCount();
    const res = await add('admin', payload);
    expect(res.statusCode).toBe(code);
    expect(res.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(await memberCount()).toBe(before);
  });

  it('updates a member, keeping the password when it is empty and ending sessions when it changes', async () => {
    const id = ids.telecaller!;
    const base = { tmId: id, name: 'Demo Caller', email: 'telecaller@demo.test', type: 'Telecaller' };
    const kept = await update('manager', { ...base, password: '' });
    expect(kept.json()).toMatchObject({ status: 1, data: { name: 'Demo Caller' } });
    noSecrets(kept);
    const oldToken = tokens.telecaller!;
    expect((await call(oldToken, 'GET', 'get-team-member-list')).statusCode).toBe(200);
    await expect(t.login('telecaller@demo.test')).resolves.toBeTypeOf('string');

    expect((await update('manager', { ...base, password: 'short' })).json().message).toBe(
      'Password must be at least 6 characters.',
    );
    expect((await update('manager', { ...base, password: 'new-secret' })).json().status).toBe(1);
    expect((await call(oldToken, 'GET', 'get-team-member-list')).statusCode).toBe(401);
    tokens.telecaller = await t.login('telecaller@demo.test', 'new-secret');
  });

  it('refuses raising privileges, taken emails and demoting the last Admin', async () => {
    const team = { tmId: ids.team, name: 'Demo Team', email: 'team@demo.test', type: 'Team' };
    expect((await update('manager', { ...team, type: 'Admin' })).statusCode).toBe(403);
    expect(
      (await update('team', { tmId: ids.manager, name: 'X', email: 'manager@demo.test', type: 'Team' })).statusCode,
    ).toBe(403);
    expect(
      (await update('manager', { tmId: ids.admin, name: 'X', email: 'admin@demo.test', type: 'Admin' })).statusCode,
    ).toBe(403);
    const taken = await update('manager', { ...team, email: 'Manager@Demo.test' });
    expect(taken.json()).toEqual({ status: 0, message: 'A team member with this email already exists.' });
    expect(taken.statusCode).toBe(409);
    const lastAdmin = await update('admin', {
      tmId: ids.admin,
      name: 'Demo Admin',
      email: 'admin@demo.test',
      type: 'Manager',
    });
    expect(lastAdmin.json()).toEqual({ status: 0, message: 'The last Admin must stay: add another Admin first.' });
    expect((await update('admin', { ...team, tmId: 99999 })).statusCode).toBe(404);
    expect((await t.db('team_members').where({ id: ids.team }).first()).type).toBe('Team');
    expect((await t.db('team_members').where({ id: ids.admin }).first()).type).toBe('Admin');
  });

  it('deletes a member: sessions end and the orders they held go back to their queues', async () => {
    const held = await t.db('orders').where({ assignee_id: ids.team });
    expect(held.length).toBeGreaterThan(0);
    const res = await remove('manager', ids.team);
    expect(res.json()).toEqual({ status: 1, message: 'Team member deleted successfully.' });
    expect(await t.db('team_members').where({ id: ids.team })).toHaveLength(0);
    expect(await t.db('orders').where({ assignee_id: ids.team })).toHaveLength(0);
    expect(await t.db('audit_events').where({ action: 'unassign', from_value: 'Demo Team' })).toHaveLength(held.length);
    expect((await call(tokens.team!, 'GET', 'get-folder-count')).statusCode).toBe(401);

    const kept = await readCounters(t.db);
    await recountOrderCounters(t.db);
    const key = (r: { status: string; mode: string; assignee_id: number; due_date: string; count: number }) =>
      `${r.status}|${r.mode}|${Number(r.assignee_id)}|${r.due_date}|${r.count}`;
    expect(kept.map(key).sort()).toEqual((await readCounters(t.db)).map(key).sort());
  });

  it('refuses deleting oneself, a higher role, an unknown member, and bad ids', async () => {
    const before = await memberCount();
    expect((await remove('admin', ids.admin)).json()).toEqual({ status: 0, message: 'You cannot delete yourself.' });
    expect((await remove('manager', ids.admin)).statusCode).toBe(403);
    expect((await remove('telecaller', ids.manager)).statusCode).toBe(403);
    expect((await remove('admin', 99999)).statusCode).toBe(404);
    expect((await remove('admin', 'abc')).statusCode).toBe(400);
    expect((await remove('admin', undefined)).json().message).toBe('teamMemberId is required');
    expect(await memberCount()).toBe(before);
  });

  it('lets an Admin remove another Admin but never the last one', async () => {
    await add('admin', { name: 'Second Admin', email: 'admin2@demo.test', password: 'admin2-pass', type: 'Admin' });
    const second = await t.login('admin2@demo.test', 'admin2-pass');
    expect((await call(second, 'PUT', 'delete-team-member', { teamMemberId: ids.admin })).json().status).toBe(1);
    const secondId = (await t.db('team_members').where({ email: 'admin2@demo.test' }).first()).id;
    const demote = await call(second, 'POST', 'update-team-member', {
      tmId: secondId,
      name: 'Second Admin',
      email: 'admin2@demo.test',
      type: 'Manager',
    });
    expect(demote.statusCode).toBe(400);
    expect(await t.db('team_members').where({ type: 'Admin' })).toHaveLength(1);
  });
});
