import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp.js';
import { createMailWorker } from '../../../api/src/modules/mail/worker.js';

const pdfText = async (data: Buffer) => (await new PDFParse({ data: new Uint8Array(data) }).getText()).text;

describe.each(dialects())('invoices on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let token: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { config: { mailAwsUrl: smtp.url, mailSendgridUrl: smtp.url } });
    token = await t.login('night@demo.test');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails a PDF invoice through the outbox and records it in the email history', async () => {
    const order = await t
      .db('orders as o')
      .join('payment_gateways as g', 'g.id', 'o.gateway_id')
      .where('o.process_status', 'Completed')
      // A nationality whose mails are in English (the others get their language's template).
      .where('o.nationality', 'UNITED KINGDOM')
      .first('o.*', 'g.gateway_name');
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/admin/send-invoice',
      payload: { orderId: String(order.order_id) },
    });
    expect(res.json()).toEqual({
      status: 1,
      message: `The invoice has been queued and will be emailed to ${order.email}.`,
    });
    const row = await t.db('mail_outbox').where({ order_id: order.order_id, kind: 'invoice' }).first();
    expect(row).toMatchObject({ state: 'queued', to_email: order.email });

    const worker = createMailWorker({
      db: t.db,
      config: t.config,
      storage: t.app.storage,
      log: { info() {}, warn() {}, error() {} },
    });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();

    const mail = smtp.messages.at(-1)!;
    expect(mail.envelopeTo).toEqual([order.email]);
    expect(mail.subject).toBe(`Invoice for your Thailand Digital Arrival Card - Order ${order.order_id}`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: `Invoice-${order.order_id}.pdf`,
      contentType: 'application/pdf',
    });
    const text = await pdfText(mail.attachments[0]!.content);
    expect(text).toContain(`INV-${order.order_id}`);
    expect(text).toContain(order.full_name);
    expect(text).toContain(order.email);
    expect(text).toContain(order.transaction_id);
    expect(text).toContain(order.gateway_name);
    expect(text).toContain(`${Number(order.amount).toFixed(2)} ${order.currency}`);
    expect(text).toContain('Digital Arrival Card application');

    expect(await t.db('mail_outbox').where({ id: row.id }).first()).toMatchObject({ state: 'sent', attempts: 1 });

    // Email History downloads the invoice as it was sent.
    const download = await t.call(token, { method: 'GET', url: `/api/admin/invoices/${row.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Invoice-${order.order_id}.pdf"`);
    const downloaded = await pdfText(download.rawPayload);
    expect(downloaded).toContain(`INV-${order.order_id}`);
    expect(downloaded).toContain(order.transaction_id);
    const audit = await t.db('audit_events').where({ order_id: order.order_id, action: 'invoice' }).first();
    expect(audit).toMatchObject({ member_name: 'Demo Night Staff', detail: order.email });
  });

  it.each([
    [{}, 400, 'Please enter your order id.'],
    [{ orderId: '' }, 400, 'Order Id must be at least 6 characters.'],
    [{ orderId: '12345' }, 400, 'Order Id must be at least 6 characters.'],
    [{ orderId: 12345 }, 400, 'Order Id must be at least 6 characters.'],
    [{ orderId: '250001; DROP TABLE orders' }, 400, 'Please enter a valid order id.'],
    [{ orderId: '9999999' }, 404, 'Order not found.'],
  ])('refuses %j', async (payload, code, message) => {
    const res = await t.call(token, { method: 'POST', url: '/api/admin/send-invoice', payload });
    expect(res.statusCode).toBe(code);
    expect(res.json()).toEqual({ status: 0, message });
  });

  it('serves invoices of invoice mails only, to staff only', async () => {
    const approval = await t.db('mail_outbox').where({ kind: 'approval' }).first();
    const other = await t.call(token, { method: 'GET', url: `/api/admin/invoices/${approval.id}` });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ status: 0, message: 'No invoice was sent with this mail.' });
    const missing = await t.call(token, { method: 'GET', url: '/api/admin/invoices/2147483647' });
    expect(missing.statusCode).toBe(404);
    const bad = await t.call(token, { method: 'GET', url: '/api/admin/invoices/abc' });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/invoices/${approval.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('accepts the order id as a number and refuses a deleted order', async () => {
    const completed = await t.db('orders').where({ process_status: 'Refunds' }).first();
    const ok = await t.call(token, {
      method: 'POST',
      url: '/api/admin/send-invoice',
      payload: { orderId: completed.order_id },
    });
    expect(ok.json().status).toBe(1);
    const deleted = await t.db('orders').where({ process_status: 'Deleted' }).first();
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/admin/send-invoice',
      payload: { orderId: deleted.order_id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order is deleted: no invoice can be sent for it.');
  });
});
