import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { formatUtc, RESOURCES, ROLES, type Role } from '@app/domain';
import { assembleDefencePack, packForRole } from '../../../api/src/modules/evidence/pack.js';
import { findEvidenceOrder } from '../../../api/src/modules/evidence/repo.js';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * What the registry hides from a role (amount, currency, paid_at, purchase_ip and landing_domain for Team,
 * Telecaller and Night Staff) is absent from every answer and document that role gets: /api/orders,
 * get-orders-details and the Defence Packs; the age comes in whole hours to it, so that it cannot give
 * paid_at to the minute.
 */

const pdfText = async (data: Buffer) => (await new PDFParse({ data: new Uint8Array(data) }).getText()).text;
const TOKEN_OF: Record<Role, string> = {
  Admin: 'admin',
  Manager: 'manager',
  Team: 'team',
  Telecaller: 'telecaller',
  'Night Staff': 'night',
};
/** What the registry hides from a role, read from it rather than written again here. */
const hiddenFrom = (resource: string, role: Role) =>
  RESOURCES[resource]!.fields.filter((f) => f.roles && !f.roles.includes(role)).map((f) => f.source);
const PAYMENT = ['amount', 'currency', 'paid_at', 'purchase_ip', 'landing_domain'];

describe.each(dialects())('fields hidden from a role on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  /** A ChargeBack order with its payment facts and a mail that failed once. */
  let order: Record<string, unknown>;
  const get = (role: Role, url: string) => t.call(tokens[TOKEN_OF[role]]!, { method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
    order = await t
      .db('orders')
      .where({ process_status: 'ChargeBack' })
      .whereNotNull('paid_at')
      .whereNotNull('purchase_ip')
      .first();
    await t.db('mail_outbox').where({ order_id: order.order_id }).update({ last_error: 'smtp: 421 try later' });
  });
  afterAll(() => t?.close());

  it('the registry hides the payment facts from Team, Telecaller and Night Staff only', () => {
    for (const role of ROLES)
      expect(hiddenFrom('orders', role)).toEqual(['Admin', 'Manager'].includes(role) ? [] : PAYMENT);
  });

  it.each(ROLES.map((role) => [role]))('get-orders-details as %s answers only what the role may read', async (role) => {
    const res = await get(role, `/api/admin/get-orders-details/${order.order_id}`);
    expect(res.statusCode).toBe(200);
    const details = res.json().data;
    const hidden = hiddenFrom('orders', role);
    for (const source of PAYMENT) {
      if (hidden.includes(source)) expect(details, source).not.toHaveProperty(source);
      else expect(details[source], source).toEqual(order[source] === null ? null : expect.anything());
    }
    expect(details.purchase_ip === undefined).toBe(hidden.includes('purchase_ip'));
    expect(details.mailHistory.length).toBeGreaterThan(0);
    for (const mail of details.mailHistory)
      expect('last_error' in mail, 'mail last_error').toBe(!hiddenFrom('mails', role).includes('last_error'));
    // The rest of the order page is there for everyone.
    expect(details).toMatchObject({
      order_id: order.order_id,
      email: order.email,
      passport_number: order.passport_number,
    });
  });

  it.each(ROLES.map((role) => [role]))(
    'queue rows and search as %s: no payment time, age in whole hours when hidden',
    async (role) => {
      const hidesPaidAt = hiddenFrom('orders', role).includes('paid_at');
      // A field the role may not read does not sort either.
      const byPaidAt = await get(role, '/api/admin/get-orders-list/newOrder?limit=100&sort=paid_at&order=asc');
      expect(byPaidAt.statusCode).toBe(hidesPaidAt ? 400 : 200);
      const list = await get(role, '/api/admin/get-orders-list/newOrder?limit=100&sort=age_minutes&order=asc');
      expect(list.statusCode).toBe(200);
      const rows: Array<Record<string, unknown>> = list.json().data;
      const search = await t.call(tokens[TOKEN_OF[role]]!, {
        method: 'POST',
        url: '/api/admin/search-order',
        payload: { folderName: 'newOrder', searchVal: String(rows[0]!.email), start: 0, end: 10 },
      });
      expect(search.statusCode).toBe(200);
      const resource = await get(
        role,
        `/api/orders?filter=${encodeURIComponent(JSON.stringify({ queue: 'newOrder' }))}&range=[0,99]&sort=["age_minutes","DESC"]`,
      );
      expect(resource.statusCode).toBe(200);
      for (const answer of [rows, search.json().data, resource.json()] as Array<Array<Record<string, unknown>>>) {
        expect(answer.length).toBeGreaterThan(0);
        for (const row of answer) {
          // Queue rows carry the payment time alone of the payment facts (the SLA age counts from it).
          for (const source of hiddenFrom('orders', role)) expect(row, source).not.toHaveProperty(source);
          expect('paid_at' in row).toBe(!hidesPaidAt);
          expect(typeof row.age_minutes).toBe('number');
        }
        const ages = answer.map((row) => row.age_minutes as number);
        if (hidesPaidAt) expect(ages.every((age) => age % 60 === 0)).toBe(true);
        else expect(ages.some((age) => age % 60 !== 0)).toBe(true);
      }
    },
  );

  it('packs leave the payment facts out for the roles the registry hides them from', async () => {
    const evidence = (await findEvidenceOrder(t.db, Number(order.order_id)))!;
    const full = await assembleDefencePack(t.app, evidence, 1);
    expect(full.order.purchase_ip).toBeTruthy();
    for (const role of ROLES) {
      const pack = packForRole(t.app.registry, role, full);
      const shown = JSON.stringify({ order: pack.order, purchase: pack.purchase, priors: pack.ce3.priors });
      const hides = hiddenFrom('orders', role).length > 0;
      for (const source of PAYMENT)
        expect(pack.order[source as keyof typeof pack.order] === null || !hides, source).toBe(true);
      expect(pack.purchase.ip === null).toBe(hides);
      expect(shown.includes(String(evidence.purchase_ip))).toBe(!hides);
      for (const prior of pack.ce3.priors) {
        expect(prior.ip === null || !hides).toBe(true);
        expect(prior.amount === '' || !hides).toBe(true);
        expect(prior.settledAt === '' || !hides).toBe(true);
      }
      // The CE 3.0 verdict is the same whoever asks.
      expect(pack.ce3.qualifies).toBe(full.ce3.qualifies);
    }
  });

  it.each([
    ['Night Staff', false],
    ['Team', false],
    ['Manager', true],
  ] as const)('a Defence Pack made by %s prints the amount and payment time: %s', async (role, printed) => {
    const res = await t.call(tokens[TOKEN_OF[role]]!, {
      method: 'POST',
      url: '/api/admin/get-defence-pack-pdf',
      payload: { orderId: order.order_id, defencePackType: 1 },
    });
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, '');
    const amount = `${Number(order.amount).toFixed(2)}${order.currency}`;
    expect(text.includes(amount), amount).toBe(printed);
    const paidAt = formatUtc(String(order.paid_at), 'YYYY-MM-DD HH:mm:ss').replace(/\s+/g, '');
    expect(text.includes(paidAt), paidAt).toBe(printed);
  });
});
