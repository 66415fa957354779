import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, canManageMember, PERMISSIONS, ROLES, type Role } from '@app/domain';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { tableChecksums } from '../../helpers/checksum.js';
import { endpointName, endpoints, fillPath, type Endpoint } from '../../helpers/endpoints.js';
import { DEMO_ACCOUNTS } from '../../../seeds/index.js';

const UNKNOWN_ORDER = 999_999_999;
const emailOf = (role: Role) => DEMO_ACCOUNTS.find((a) => a.type === role)!.email;

/**
 * A request the route refuses as bad input once the caller is let in, so that the matrix changes
 * nothing: an empty body (every body has required fields), and path parameters that are no id.
 */
const harmlessRequest = (e: Endpoint) => ({
  method: e.method as 'GET',
  url: fillPath(e.url, () => 'x'),
  ...(e.body ? { payload: {} } : {}),
});

/** A raw HTTP/1.1 request on a socket, for request targets that inject would normalise. */
function rawRequest(
  port: number,
  method: string,
  target: string,
): Promise<{ status: number; html: boolean; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: 2\r\nConnection: close\r\n\r\n{}`,
      ),
    );
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      const split = data.indexOf('\r\n\r\n');
      resolve({
        status: Number(data.split(' ')[1]),
        html: /^content-type: text\/html/im.test(data.slice(0, split)),
        body: data.slice(split + 4),
      });
    });
  });
}

describe.each(dialects())('role matrix on %s', (dialect) => {
  let t: TestApp;
  let admin: Endpoint[];
  let closed: Endpoint[];
  const tokens = {} as Record<Role, string>;
  const logoutTokens = {} as Record<Role, string>;
  /**
   * Every table but the sessions, which the matrix's logout calls end, the second factors, where
   * starting an enrolment keeps a secret not yet in force, and the passkey challenges that asking for a
   * passkey's options keeps for a few minutes.
   */
  const checksums = async () => {
    const { sessions: _, mfa_factors: __, webauthn_challenges: ___, ...rest } = await tableChecksums(t.db);
    return rest;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ROLES) tokens[role] = await t.login(emailOf(role));
    for (const role of ROLES) logoutTokens[role] = await t.login(emailOf(role));
    // Sign-out is walked first: ending one's other sessions (DELETE /api/account/sessions) would end its tokens.
    closed = endpoints(t.app)
      .filter((e) => !e.public)
      .sort((a, b) => Number(b.url === '/api/admin/logout') - Number(a.url === '/api/admin/logout'));
    admin = closed.filter((e) => e.url.startsWith('/api/admin/'));
  });
  afterAll(() => t?.close());

  it('finds every admin endpoint in the route table, each naming a real permission', () => {
    // The contract's admin endpoints (27) plus sign-in, which is public.
    expect(admin.length).toBeGreaterThanOrEqual(27);
    for (const e of admin) expect(Object.keys(PERMISSIONS), endpointName(e)).toContain(e.permission);
    expect(closed.map(endpointName)).toContain('GET /api/user_info');
    // Configuration resources (Admins only) and the custom queues a role may open are walked too.
    for (const name of [
      'GET /api/order-fields',
      'PUT /api/order-fields/:id',
      'DELETE /api/custom-queues/:id',
      'POST /api/configuration/import',
      'GET /api/admin/custom-queues',
    ])
      expect(closed.map(endpointName)).toContain(name);
  });

  it('lets each role reach exactly the endpoints its permissions allow, and nobody none', async () => {
    const before = await checksums();
    const failures: string[] = [];
    let checked = 0;
    for (const e of closed) {
      for (const role of [null, ...ROLES]) {
        // Signing out ends the token it is called with, so it gets a token of its own.
        const token = role && (e.url === '/api/admin/logout' ? logoutTokens[role] : tokens[role]);
        const res = await t.call(token, harmlessRequest(e));
        const body = res.json();
        const allowed = role !== null && (!e.permission || can(role, e.permission));
        const expected =
          role === null
            ? res.statusCode === 401 && body.status === 401 && !!body.message
            : allowed
              ? ![401, 403].includes(res.statusCode) && res.statusCode < 500
              : res.statusCode === 403 && body.status === 0 && !!body.message;
        if (!expected) failures.push(`${endpointName(e)} as ${role ?? 'nobody'}: ${res.statusCode} ${res.body}`);
        checked++;
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(closed.length * (ROLES.length + 1));
    console.info(`role matrix on ${dialect}: ${closed.length} endpoints x 6 callers = ${checked} checks`);
    expect(await checksums()).toEqual(before);
  });

  it.each(ROLES)('applies the per-action rules to %s: Order History and deleting orders', async (role) => {
    const token = tokens[role];
    const history = can(role, 'orders.history');
    const list = await t.call(token, { method: 'GET', url: '/api/admin/get-orders-list/allOrder' });
    const search = await t.call(token, {
      method: 'POST',
      url: '/api/admin/search-order',
      payload: { start: 0, end: 10, searchVal: '2500', folderName: 'allOrder' },
    });
    for (const res of [list, search]) expect(res.statusCode).toBe(history ? 200 : 403);

    const remove = can(role, 'orders.delete');
    for (const payload of [
      { url: '/api/admin/change-order-status', body: { orderId: UNKNOWN_ORDER, updatingStatus: 'Deleted' } },
      { url: '/api/admin/move-order-status', body: { orderIds: [UNKNOWN_ORDER], updatingStatus: 'Deleted' } },
    ]) {
      const res = await t.call(token, { method: 'PUT', url: payload.url, payload: payload.body });
      // Allowed: the order does not exist; refused: before the order is even looked up.
      expect(res.statusCode, `${role} ${payload.url}`).toBe(remove ? 404 : 403);
      expect(res.json().status).toBe(0);
    }
  });

  it('never skips the sign-in check for an absolute-form target or an odd spelling of a path', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const failures: string[] = [];
    for (const e of closed) {
      const path = fillPath(e.url, () => '1');
      for (const target of [
        `http://127.0.0.1${path}`,
        `http://evil.example${path}`,
        `/${path}`,
        `${path}/`,
        path.replace('/api/', '/API/'),
        path.replace('/api/', '/api/./'),
        path.replace('/api/', '/api//'),
        path.replace('/api/', '/x/../api/'),
        `${path};.js`,
        `${path}%00`,
      ]) {
        const res = await rawRequest(port, e.method, target);
        // Refused by the sign-in check, no such endpoint, or (GET) a page of the visitor app: never the endpoint.
        const refused = [401, 404].includes(res.status) && !res.body.includes('"status":1');
        if (!refused && !(res.status === 200 && res.html)) {
          failures.push(`${e.method} ${target}: ${res.status} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe.each(dialects())('team escalation on %s', (dialect) => {
  let t: TestApp;
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, number>;
  let added = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ROLES) {
      tokens[role] = await t.login(emailOf(role));
      ids[role] = (
        await t
          .db('team_members')
          .where({ email: emailOf(role) })
          .first('id')
      ).id;
    }
  });
  afterAll(() => t?.close());

  const addMember = (actor: Role, type: Role) =>
    t.call(tokens[actor], {
      method: 'POST',
      url: '/api/admin/add-team-member',
      payload: { name: `New ${type}`, email: `new${++added}@demo.test`, password: 'secret-123', type },
    });

  it('lets a member create only roles at or below their own, and only an Admin create an Admin', async () => {
    const outcomes: string[] = [];
    for (const actor of ROLES) {
      for (const type of ROLES) {
        const res = await addMember(actor, type);
        const allowed = can(actor, 'team.manage') && canManageMember(actor, type);
        outcomes.push(`${actor} adds ${type}: ${res.statusCode}`);
        expect(res.statusCode, `${actor} adds ${type}: ${res.body}`).toBe(allowed ? 200 : 403);
      }
    }
    expect(outcomes).toContain('Team adds Admin: 403');
    expect(outcomes).toContain('Manager adds Admin: 403');
    expect(outcomes).toContain('Manager adds Manager: 200');
  });

  it.each([
    ['Manager', 'edits', 'Admin', 'Manager', 403],
    ['Manager', 'promotes', 'Team', 'Admin', 403],
    ['Team', 'promotes', 'Telecaller', 'Manager', 403],
    ['Team', 'edits', 'Manager', 'Manager', 403],
    ['Telecaller', 'edits', 'Team', 'Team', 403],
    ['Manager', 'promotes', 'Team', 'Manager', 200],
  ] as const)('%s %s a %s to %s: %i', async (actor, _, target, type, code) => {
    const member = await t.db('team_members').where({ type: target }).orderBy('id', 'desc').first();
    const res = await t.call(tokens[actor], {
      method: 'POST',
      url: '/api/admin/update-team-member',
      payload: { tmId: member.id, name: member.name, email: member.email, type },
    });
    expect(res.statusCode).toBe(code);
    const after = await t.db('team_members').where({ id: member.id }).first();
    expect(after.type).toBe(code === 200 ? type : target);
  });

  it('refuses deleting oneself and demoting or deleting the last Admin', async () => {
    await t.db('team_members').where({ type: 'Admin' }).whereNot({ id: ids.Admin }).del();
    const self = await t.call(tokens.Admin, {
      method: 'PUT',
      url: '/api/admin/delete-team-member',
      payload: { teamMemberId: ids.Admin },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ status: 0, message: 'You cannot delete yourself.' });
    for (const type of ['Manager', 'Night Staff']) {
      const demote = await t.call(tokens.Admin, {
        method: 'POST',
        url: '/api/admin/update-team-member',
        payload: { tmId: ids.Admin, name: 'Demo Admin', email: emailOf('Admin'), type },
      });
      expect(demote.statusCode).toBe(400);
      expect(demote.json().message).toBe('The last Admin must stay: add another Admin first.');
    }
    expect(await t.db('team_members').where({ type: 'Admin' }).pluck('id')).toEqual([ids.Admin]);
  });

  it('keeps one Admin when two Admins delete each other at the same moment', async () => {
    const second = await t.call(tokens.Admin, {
      method: 'POST',
      url: '/api/admin/add-team-member',
      payload: { name: 'Second Admin', email: 'second-admin@demo.test', password: 'secret-123', type: 'Admin' },
    });
    const secondId = second.json().data.id as number;
    const secondToken = await t.login('second-admin@demo.test', 'secret-123');
    const results = await Promise.all([
      t.call(tokens.Admin, {
        method: 'PUT',
        url: '/api/admin/delete-team-member',
        payload: { teamMemberId: secondId },
      }),
      t.call(secondToken, {
        method: 'PUT',
        url: '/api/admin/delete-team-member',
        payload: { teamMemberId: ids.Admin },
      }),
    ]);
    // The loser is refused as the last Admin, or (if its request came second) as a deleted member.
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([400, 401]).toContain(codes[1]);
    expect(await t.db('team_members').where({ type: 'Admin' }).pluck('id')).toHaveLength(1);
  });
});
