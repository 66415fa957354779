import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { DEMO_PASSWORD } from '../../../seeds/index.js';
import * as commentEventDetail from '../../../migrations/013_comment_event_detail.js';

/**
 * Adding, editing, deleting a team member, a role change and a password change each write
 * an audit event in the change's transaction, naming the member and never the password; a comment's
 * event carries its text.
 */
describe.each(dialects())('team and comment audit events on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const call = (role: string, method: 'POST' | 'PUT', url: string, payload: object) =>
    t.call(tokens[role]!, { method, url: `/api/admin/${url}`, payload });
  const eventsSince = async (id: number) =>
    (await t.db('audit_events').where('id', '>', id).orderBy('id')).map((e) => ({
      member: e.member_name,
      action: e.action,
      from: e.from_value,
      to: e.to_value,
      detail: e.detail,
    }));
  const lastId = async () => Number((await t.db('audit_events').max({ id: 'id' }).first())?.id ?? 0);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  it('records add, edit, role change, password set and delete of a member, without the password', async () => {
    const start = await lastId();
    const added = await call('manager', 'POST', 'add-team-member', {
      name: 'Priya Shah',
      email: 'priya@demo.test',
      password: 'secret-one',
      type: 'Team',
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.id as number;
    const edited = await call('manager', 'POST', 'update-team-member', {
      tmId: id,
      name: 'Priya S. Shah',
      email: 'priya.shah@demo.test',
      password: 'secret-two',
      type: 'Telecaller',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('manager', 'PUT', 'delete-team-member', { teamMemberId: id })).statusCode).toBe(200);

    const events = await eventsSince(start);
    const now = 'Priya S. Shah <priya.shah@demo.test>';
    expect(events).toEqual([
      { member: 'Demo Manager', action: 'member-add', from: null, to: 'Team', detail: 'Priya Shah <priya@demo.test>' },
      { member: 'Demo Manager', action: 'member-edit', from: 'Priya Shah', to: 'Priya S. Shah', detail: now },
      {
        member: 'Demo Manager',
        action: 'member-edit',
        from: 'priya@demo.test',
        to: 'priya.shah@demo.test',
        detail: now,
      },
      { member: 'Demo Manager', action: 'member-role', from: 'Team', to: 'Telecaller', detail: now },
      { member: 'Demo Manager', action: 'member-password', from: null, to: null, detail: now },
      { member: 'Demo Manager', action: 'member-delete', from: 'Telecaller', to: null, detail: now },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/secret/);
  });

  it('records a change of one own password, without it', async () => {
    const start = await lastId();
    const res = await call('telecaller', 'POST', 'change-password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'another-secret',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventsSince(start)).toEqual([
      {
        member: 'Demo Telecaller',
        action: 'password-change',
        from: null,
        to: null,
        detail: 'Demo Telecaller <telecaller@demo.test>',
      },
    ]);
  });

  it('writes no event when a team change is refused', async () => {
    const start = await lastId();
    const res = await call('manager', 'POST', 'add-team-member', {
      name: 'Copy',
      email: 'team@demo.test',
      password: 'secret-three',
      type: 'Team',
    });
    expect(res.statusCode).toBe(409);
    expect(await eventsSince(start)).toEqual([]);
  });

  it('gives the comment events written before this their text, from their remark', async () => {
    const { order_id: orderId } = await t.db('orders').where({ process_status: 'Awaiting' }).first('order_id');
    const { id: memberId } = await t.db('team_members').where({ email: 'team@demo.test' }).first('id');
    const [other] = await t.db('team_members').whereNot({ id: memberId }).pluck('id');
    const at = '2026-01-02 03:04:05';
    await t.db('remarks').insert([
      {
        order_id: orderId,
        remark: 'Old comment.',
        remark_name: 'Demo Team',
        member_id: memberId,
        created_at: '2026-01-02 03:04:06',
      },
      { order_id: orderId, remark: 'By someone else.', remark_name: 'X', member_id: other, created_at: at },
    ]);
    await t
      .db('audit_events')
      .insert({ member_id: memberId, member_name: 'Demo Team', action: 'comment', order_id: orderId, created_at: at });
    await commentEventDetail.up(t.db);
    const event = await t.db('audit_events').where({ order_id: orderId, action: 'comment', created_at: at }).first();
    expect(event.detail).toBe('Old comment.');
  });

  it("keeps a comment's text in its event", async () => {
    const { order_id: orderId } = await t.db('orders').where({ process_status: 'Completed' }).first('order_id');
    const start = await lastId();
    const res = await call('team', 'POST', 'add-new-remark', { orderId, remark: '  Customer asked for a receipt.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventsSince(start)).toEqual([
      { member: 'Demo Team', action: 'comment', from: null, to: null, detail: 'Customer asked for a receipt.' },
    ]);
  });
});
