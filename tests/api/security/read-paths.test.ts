import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandForHost, PARTNER_HOSTS, QUEUES, RESOURCES, ROLES, type Role } from '@app/domain';
import { assembleDefencePack, packForRole } from '../../../api/src/modules/evidence/pack.js';
import { findEvidenceOrder } from '../../../api/src/modules/evidence/repo.js';
import { listOrders } from '../../../api/src/modules/orders/read.js';
import type { Member } from '../../../api/src/types.js';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

type Row = Record<string, unknown>;
const TOKEN_OF: Record<Role, string> = {
  Admin: 'admin',
  Manager: 'manager',
  Team: 'team',
  Telecaller: 'telecaller',
  'Night Staff': 'night',
};
/** The built-in fields the Admin hides from every role below Manager. */
const NAMES = ['first_name', 'last_name', 'full_name', 'nationality', 'passport_number'];
/** Columns of orders the registry lists for no role: no answer carries them. */
const UNLISTED = [
  'purchase_user_agent',
  'purchase_city',
  'purchase_location',
  'purchase_device_id',
  'card_brand',
  'card_bin',
  'card_last4',
  'payment_credential',
  'card_fingerprint',
  'gateway_id',
  'terms_accepted_at',
  'processed_by',
];
const LAST_NAME = 'Zyxwhidden';

/**
 * Every read path answers from the fields the role may read: built-in fields an Admin hides from a role
 * neither search nor sort, the details answer and the packs list only what the registry lets the role
 * read, a list of given ids reaches only the queues the role opens, and the audit log does not show the
 * configuration to those who may not see it.
 */
describe.each(dialects())('read paths by the role on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let order: Row;
  const get = (role: Role, url: string) => t.call(tokens[TOKEN_OF[role]]!, { method: 'GET', url });
  const readers = (role: Role) => RESOURCES.orders!.fields.filter((f) => !f.roles || f.roles.includes(role));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
    order = await t
      .db('orders')
      .where({ process_status: 'ChargeBack' })
      .whereNotNull('purchase_ip')
      .whereNotNull('landing_domain')
      .first();
    await t
      .db('orders')
      .where({ order_id: order.order_id })
      .update({
        last_name: LAST_NAME,
        full_name: `Ann ${LAST_NAME}`,
        purchase_location: 'Place-of-purchase',
        purchase_city: 'City-of-purchase',
        purchase_device: 'iPhone',
        purchase_browser: 'Safari',
        purchase_device_id: 'device-42',
        landing_domain: PARTNER_HOSTS[0],
      });
    order = await t.db('orders').where({ order_id: order.order_id }).first();
    for (const id of NAMES) {
      const res = await t.call(tokens.admin!, {
        method: 'PUT',
        url: `/api/order-fields/${id}`,
        payload: { readRoles: ['Admin', 'Manager'] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t?.close());

  it('searches and sorts only by the fields the role may read', async () => {
    const search = (role: Role, text: string) =>
      t.call(tokens[TOKEN_OF[role]]!, {
        method: 'POST',
        url: '/api/admin/search-order',
        payload: { folderName: 'chargeBack', searchVal: text, start: 0, end: 10 },
      });
    const resource = (role: Role, text: string) =>
      get(role, `/api/orders?filter=${encodeURIComponent(JSON.stringify({ queue: 'chargeBack', q: text }))}`);
    const ids = (rows: Row[]) => rows.map((r) => Number(r.order_id));
    for (const role of ROLES) {
      const reads = ['Admin', 'Manager'].includes(role);
      const found = await search(role, LAST_NAME);
      expect(found.statusCode).toBe(200);
      expect(ids(found.json().data).includes(Number(order.order_id)), role).toBe(reads);
      const listed = await resource(role, `Ann ${LAST_NAME}`);
      expect(listed.statusCode).toBe(200);
      expect(ids(listed.json()).includes(Number(order.order_id)), role).toBe(reads);
      // What every role reads still finds it.
      expect(ids((await search(role, String(order.email))).json().data)).toContain(Number(order.order_id));
      for (const sort of ['full_name', 'paid_at']) {
        const sorted = await get(role, `/api/admin/get-orders-list/chargeBack?limit=10&sort=${sort}&order=asc`);
        const readable = readers(role).some((f) => f.source === sort) && (reads || sort !== 'full_name');
        expect(sorted.statusCode, `${role} sorts by ${sort}`).toBe(readable ? 200 : 400);
      }
    }
  });

  it('answers the details and prints the mail and the packs by the allow-list of the role', async () => {
    const evidence = (await findEvidenceOrder(t.db, Number(order.order_id)))!;
    const full = await assembleDefencePack(t.app, evidence, 1);
    const mainBrand = brandForHost(null);
    expect(brandForHost(String(order.landing_domain)).name).not.toBe(mainBrand.name);
    for (const role of ROLES) {
      const reads = ['Admin', 'Manager'].includes(role);
      const details = (await get(role, `/api/admin/get-orders-details/${order.order_id}`)).json().data;
      for (const column of UNLISTED) expect(details, `${role}: ${column}`).not.toHaveProperty(column);
      for (const column of NAMES) expect(column in details, `${role}: ${column}`).toBe(reads);
      const allowed = new Set([
        ...t.app.registry.orders!.fields.map((f) => f.source),
        'mailHistory',
        'uploadDoc',
        'downloadHistory',
        'remark',
        'encodedId',
      ]);
      expect(Object.keys(details).filter((key) => !allowed.has(key))).toEqual([]);
      // Each item of the histories by its own resource: its fields and the time under SPEC's name.
      for (const [list, resource] of [
        ['mailHistory', 'mails'],
        ['uploadDoc', 'documents'],
        ['downloadHistory', 'downloads'],
      ] as const) {
        const fields = new Set([...t.app.registry[resource]!.fields.map((f) => f.source), 'create_ts', 'uploadDoc']);
        for (const item of details[list] as Row[]) {
          expect(item).toHaveProperty('create_ts');
          expect(Object.keys(item).filter((key) => !fields.has(key))).toEqual([]);
        }
      }

      const mail = (await get(role, `/api/admin/email-content/${order.order_id}`)).json().data;
      expect(mail.text.includes(LAST_NAME), `${role} reads the name in the mail`).toBe(reads);
      expect(mail.from.startsWith(reads ? brandForHost(String(order.landing_domain)).name : mainBrand.name)).toBe(true);

      const pack = packForRole(t.app.registry, role, full);
      const printed = JSON.stringify({ order: pack.order, purchase: pack.purchase, priors: pack.ce3.priors });
      for (const fact of ['Place-of-purchase', 'City-of-purchase', 'iPhone', 'Safari', 'device-42', LAST_NAME])
        expect(printed.includes(fact), `${role}'s pack prints ${fact}`).toBe(reads);
      expect(pack.purchase.ip === null).toBe(!reads);
    }
  });

  it('lists given ids only within the queues the role may open', async () => {
    const byStatus = async (status: string) =>
      (await t.db('orders').where({ process_status: status }).orderBy('order_id').limit(5).pluck('order_id')).map(
        Number,
      );
    const [completed, refunds] = [await byStatus('Completed'), await byStatus('Refunds')];
    const filter = encodeURIComponent(JSON.stringify({ id: [...completed, ...refunds] }));
    const res = await get('Telecaller', `/api/orders?filter=${filter}&range=[0,99]`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .map((r: Row) => Number(r.id))
        .sort(),
    ).toEqual([...completed, ...refunds].sort());
    // Narrowed to the queues given: a role that opened only Completed Orders would get those alone.
    const member = (await t.db('team_members').where({ email: 'telecaller@demo.test' }).first()) as Member;
    const read = async (orderNames: string[]) => {
      const openQueues = QUEUES.filter((q) => orderNames.includes(q.orderName));
      const ids = { source: 'order_id', column: 'order_id', op: 'in' as const, value: [...completed, ...refunds] };
      const request = { filters: [ids], sort: 'order_id', direction: 'asc' as const, offset: 0, limit: 100 };
      const { rows } = await listOrders(t.db, t.app.registry, member, { ...request, openQueues });
      return rows.map((r) => Number(r.order_id));
    };
    expect(await read(['completedOrder'])).toEqual(completed);
    expect(await read([])).toEqual([]);
  });

  it("keeps the configuration's definitions in the audit log for those who may see the configuration", async () => {
    const secret = { id: 'fraud_flag', label: 'Fraud flag', type: 'choice', choices: ['Watch', 'Block'] };
    const created = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/order-fields',
      payload: { ...secret, readRoles: ['Admin'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const events = async (role: Role) =>
      (await get(role, `/api/audit-events?filter=${encodeURIComponent('{"action":"config-field"}')}`)).json() as Row[];
    const mentions = (rows: Row[]) => rows.some((r) => JSON.stringify(r).includes('Block'));
    expect(mentions(await events('Admin'))).toBe(true);
    const managers = await events('Manager');
    expect(managers.length).toBeGreaterThan(0);
    expect(mentions(managers)).toBe(false);
  });
});
