import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { formatUtc } from '@app/domain';
import { createTestApp, type TestApp } from '../../helpers/app.js';

/** The text of each page, in order. */
const pageTexts = async (data: Buffer) =>
  (await new PDFParse({ data: new Uint8Array(data) }).getText()).pages.map((page) => page.text);

/**
 * Pack 1's prior-transactions table keeps its header whole and with its first row (the
 * title too), and never breaks a word a column must read whole: "Purchase", YYYY-MM-DD dates, the
 * device id. Emily Carter's disputed order gets fourteen more prior orders so that the table runs
 * onto another page. Layout does not depend on the database: SQLite only.
 */
describe('Pack 1 layout', () => {
  let t: TestApp;
  let pages: string[];
  let priors: Array<{ order_id: number; paid_at: string; purchase_device_id: string }>;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const { order_id: _, ...earlier } = await t.db('orders').where({ order_id: 249001 }).first();
    for (let i = 0; i < 14; i++) {
      const paid = `2025-${String((i % 9) + 1).padStart(2, '0')}-0${(i % 8) + 1} 10:00:00`;
      await t.db('orders').insert({ ...earlier, order_id: 248000 + i, paid_at: paid, created_at: paid });
    }
    const token = await t.login('manager@demo.test');
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/admin/get-defence-pack-pdf',
      payload: { orderId: 260006, defencePackType: 1 },
    });
    expect(res.statusCode).toBe(200);
    pages = await pageTexts(res.rawPayload);
    priors = await t
      .db('orders')
      .whereIn('order_id', [249001, 249002, 249003, ...Array.from({ length: 14 }, (_, i) => 248000 + i)])
      .select('order_id', 'paid_at', 'purchase_device_id');
  }, 60_000);
  afterAll(() => t?.close());

  it('runs onto more than one page, the title and the whole header with the first row', () => {
    const titled = pages.findIndex((text) => text.includes('Prior transactions on the same credential (17)'));
    expect(titled).toBeGreaterThanOrEqual(0);
    const page = pages[titled]!;
    for (const label of [
      'Order',
      'Settled',
      'Amount',
      'IP address',
      'Device ID',
      'Email',
      'Disputed',
      'before',
      'CE 3.0',
    ]) {
      expect(page, label).toContain(label);
    }
    expect(page).toMatch(/\n24[89]\d{3}\s/);
    // The last prior order (the oldest) is on a later page.
    expect(pages.slice(titled + 1).join('\n')).toContain('248000');
  });

  it('never breaks Purchase, a settle date or a device id', () => {
    const text = pages.join('\n');
    expect(text).toMatch(/\bPurchase\b/);
    for (const prior of priors) {
      expect(text, String(prior.order_id)).toContain(formatUtc(prior.paid_at, 'YYYY-MM-DD'));
    }
    expect(text).toContain(priors[0]!.purchase_device_id);
  });
});
