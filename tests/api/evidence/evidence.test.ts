import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { formatUtc } from '@app/domain';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

const pdfText = async (data: Buffer) => (await new PDFParse({ data: new Uint8Array(data) }).getText()).text;
/** pdf.js may break a long cell over lines; compare text with all whitespace removed. */
const squash = (text: string) => text.replace(/\s+/g, '');

describe.each(dialects())('defence packs on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  /** A completed order with both downloads and mails in its history. */
  let order: Record<string, string | number>;

  const pack = (orderId: unknown, defencePackType: unknown) =>
    t.call(token, { method: 'POST', url: '/api/admin/get-defence-pack-pdf', payload: { orderId, defencePackType } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login('telecaller@demo.test');
    order = await t
      .db('orders')
      .where({ process_status: 'ChargeBack' })
      .whereIn('order_id', t.db('download_history').select('order_id'))
      .first();
  });
  afterAll(() => t?.close());

  it('saves the transaction details the packs print', async () => {
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/admin/defence-pack-details',
      payload: { orderId: order.order_id, transactionId: '  pi_3Q9xYz-DISPUTE  ', merchantName: 'TDAC Services Ltd' },
    });
    expect(res.json()).toEqual({ status: 1, message: 'Transaction details saved successfully.' });
    const saved = await t.db('orders').where({ order_id: order.order_id }).first();
    expect(saved).toMatchObject({ transaction_id: 'pi_3Q9xYz-DISPUTE', merchant_name: 'TDAC Services Ltd' });
    const audit = await t.db('audit_events').where({ order_id: order.order_id, action: 'transaction-details' }).first();
    expect(audit).toMatchObject({ from_value: order.transaction_id, to_value: 'pi_3Q9xYz-DISPUTE' });
    order = saved;
  });

  it('renders Defence Pack 1 with the download log', async () => {
    const res = await pack(order.order_id, 1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Defence Pack 1: Download evidence');
    expect(text).toContain(String(order.order_id));
    expect(text).toContain('pi_3Q9xYz-DISPUTE');
    expect(text).toContain('TDAC Services Ltd');
    expect(text).toContain(String(order.full_name));
    // A Telecaller's pack leaves the purchase IP out, as the registry hides it from the role (see
    // tests/api/hardening/hidden-fields.test.ts); a Manager's prints it.
    const managerPack = await t.call(await t.login('manager@demo.test'), {
      method: 'POST',
      url: '/api/admin/get-defence-pack-pdf',
      payload: { orderId: order.order_id, defencePackType: 1 },
    });
    expect(await pdfText(managerPack.rawPayload)).toContain(String(order.purchase_ip));
    expect(text).toContain('Terms accepted');
    const downloads = await t.db('download_history').where({ order_id: order.order_id }).orderBy('id');
    expect(downloads.length).toBeGreaterThan(0);
    expect(text).toContain(`Download log (${downloads.length})`);
    for (const d of downloads) {
      expect(text).toContain(d.ip);
      expect(squash(text)).toContain(squash(formatUtc(d.created_at, 'YYYY-MM-DD HH:mm:ss')));
      expect(squash(text)).toContain(squash(d.browser));
    }
    expect(text).not.toContain('Mail log');
    // Only the last four characters of the passport number leave the building.
    expect(text).not.toContain(String(order.passport_number));
    expect(text).toContain(String(order.passport_number).slice(-4));
  });

  it('renders Defence Pack 2 with the mail log', async () => {
    const res = await pack(order.order_id, '2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Defence Pack 2: Mail delivery evidence');
    expect(text).toContain(String(order.order_id));
    expect(text).toContain('pi_3Q9xYz-DISPUTE');
    const mails = await t.db('mail_outbox').where({ order_id: order.order_id }).orderBy('id');
    expect(mails.length).toBeGreaterThan(0);
    expect(text).toContain(`Mail log (${mails.length})`);
    for (const m of mails) {
      expect(squash(text)).toContain(squash(m.message_id));
      expect(squash(text)).toContain(squash(m.to_email));
      expect(text).toContain(m.provider);
    }
    expect(text).not.toContain('Download log');
  });

  it.each(['Completed', 'Customer Called'])('renders packs for %s orders too', async (status) => {
    const other = await t.db('orders').where({ process_status: status }).first();
    const res = await pack(other.order_id, 1);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain(String(other.order_id));
  });

  it.each(['New', 'Refunds', 'Deleted', 'Awaiting'])('refuses packs and details for %s orders', async (status) => {
    const other = await t.db('orders').where({ process_status: status }).first();
    const res = await pack(other.order_id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toMatch(
      /^Defence packs are only for orders in Completed, Customer Called, ChargeBack; this order is /,
    );
    const details = await t.call(token, {
      method: 'POST',
      url: '/api/admin/defence-pack-details',
      payload: { orderId: other.order_id, transactionId: 'x', merchantName: 'y' },
    });
    expect(details.statusCode).toBe(409);
  });

  it.each([
    [{ orderId: 999_999_999, defencePackType: 1 }, 404, 'Order not found.'],
    [{ orderId: 250001, defencePackType: 3 }, 400, 'Please choose Defence Pack 1 or 2.'],
    [{ orderId: 250001 }, 400, 'Please choose Defence Pack 1 or 2.'],
    [{ orderId: 'abc', defencePackType: 1 }, 400, 'Please enter a valid order id.'],
  ])('refuses a bad pack request %#', async (payload, code, message) => {
    const res = await t.call(token, { method: 'POST', url: '/api/admin/get-defence-pack-pdf', payload });
    expect(res.statusCode).toBe(code);
    expect(res.json()).toEqual({ status: 0, message });
  });

  it.each([
    [{ transactionId: '', merchantName: 'M' }, 'Please enter your Transaction Id'],
    [{ transactionId: '   ', merchantName: 'M' }, 'Please enter your Transaction Id'],
    [{ merchantName: 'M' }, 'Please enter your Transaction Id'],
    [{ transactionId: 'T' }, 'Please enter your Merchant Name'],
    [{ transactionId: 'T', merchantName: 'x'.repeat(151) }, 'At most 150 characters.'],
  ])('refuses bad transaction details %#', async (fields, message) => {
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/admin/defence-pack-details',
      payload: { orderId: order.order_id, ...fields },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message });
  });

  it('needs a signed-in member', async () => {
    const res = await t.call(null, {
      method: 'POST',
      url: '/api/admin/get-defence-pack-pdf',
      payload: { orderId: order.order_id, defencePackType: 1 },
    });
    expect(res.statusCode).toBe(401);
  });
});
