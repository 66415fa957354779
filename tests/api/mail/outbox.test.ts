import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayjs, encodeId, nowUtc } from '@app/domain';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { freePort, startSmtpServer, type TestSmtpServer } from '../../helpers/smtp.js';
import { postUpload } from '../../helpers/upload.js';
import { minimalPdf } from '../../../seeds/generator.js';
import type { AppConfig } from '../../../api/src/config.js';
import { enqueueMail } from '../../../api/src/modules/mail/outbox.js';
import { claimDueMails } from '../../../api/src/modules/mail/repo.js';
import { createMailWorker, retryDelayMs, type MailWorker } from '../../../api/src/modules/mail/worker.js';

const quiet = { info() {}, warn() {}, error() {} };

describe.each(dialects())('mail outbox on %s', (dialect) => {
  let t: TestApp;
  let aws: TestSmtpServer;
  let sendgrid: TestSmtpServer;
  let token: string;
  const workers: MailWorker[] = [];
  /** A worker of the test app, optionally with other provider settings. */
  const worker = (config: Partial<AppConfig> = {}) => {
    const w = createMailWorker({ db: t.db, config: { ...t.config, ...config }, storage: t.app.storage, log: quiet });
    workers.push(w);
    return w;
  };
  const outbox = (orderId: number) => t.db('mail_outbox').where({ order_id: orderId }).orderBy('id', 'desc');
  const newOrder = async (landingDomain: string) => {
    const order = await t
      .db('orders')
      .where({ process_status: 'New' })
      .whereNotIn('order_id', t.db('uploaded_documents').select('order_id'))
      .orderBy('order_id')
      .first();
    await t.db('orders').where({ order_id: order.order_id }).update({ landing_domain: landingDomain });
    return { ...order, landing_domain: landingDomain } as { order_id: number; full_name: string; email: string };
  };

  beforeAll(async () => {
    [aws, sendgrid] = await Promise.all([startSmtpServer(), startSmtpServer()]);
    t = await createTestApp(dialect, {
      config: { mailAwsUrl: aws.url, mailSendgridUrl: sendgrid.url, publicAdminUrl: 'https://admin.example.test' },
    });
    token = await t.login('team@demo.test');
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await t?.close();
    await Promise.all([aws?.close(), sendgrid?.close()]);
  });

  it.each([
    ['AWS', 'thailandarrivalcard.example', 'Thailand Arrival Card', 'support@thailandarrivalcard.example'],
    ['Sendgrid', 'partner-travel.example', 'Partner Travel', 'help@partner-travel.example'],
  ] as const)('delivers the approval mail through %s, branded for %s', async (provider, domain, brand, replyTo) => {
    const order = await newOrder(domain);
    const bytes = minimalPdf(['Arrival card', `Order ${order.order_id}`]);
    const upload = await postUpload(t, token, {
      orderId: order.order_id,
      email: 'customer@mail.example',
      mailServiceProvider: provider,
      file: { bytes, name: 'card.pdf' },
    });
    expect(upload.json()).toMatchObject({ status: 1 });
    const [queued] = await outbox(order.order_id);
    expect(queued).toMatchObject({ state: 'queued', provider, kind: 'approval', attempts: 0 });

    const server = provider === 'AWS' ? aws : sendgrid;
    const other = provider === 'AWS' ? sendgrid : aws;
    const before = { server: server.messages.length, other: other.messages.length };
    expect(await worker().runOnce()).toBe(1);

    expect(server.messages).toHaveLength(before.server + 1);
    expect(other.messages).toHaveLength(before.other);
    const mail = server.messages.at(-1)!;
    const link = `https://admin.example.test/track-order/${encodeId(order.order_id)}`;
    expect(mail.envelopeTo).toEqual(['customer@mail.example']);
    expect(mail.subject).toBe(`Your Thailand Digital Arrival Card - Order ${order.order_id}`);
    expect(mail.headers.from).toBe(`${brand} <no-reply@localhost>`);
    expect(mail.headers['reply-to']).toBe(replyTo);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(`Dear ${order.full_name}`);
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.attachments).toEqual([
      { filename: `Thailand-Arrival-Card-${order.order_id}.pdf`, contentType: 'application/pdf', content: bytes },
    ]);
    const [sent] = await outbox(order.order_id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, last_error: null, claimed_by: null });
    expect(sent.message_id).toBe(mail.messageId);
    expect(sent.sent_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await worker().runOnce()).toBe(0);
  });

  it('resends the latest document to another address through the chosen provider', async () => {
    const order = await t.db('uploaded_documents').orderBy('id', 'desc').first();
    const before = sendgrid.messages.length;
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/admin/resend-mail',
      payload: { orderId: order.order_id, email: 'other@mail.example', mailServiceProvider: 'Sendgrid' },
    });
    expect(res.json()).toEqual({ status: 1, message: 'Mail queued for other@mail.example via Sendgrid.' });
    const [queued] = await outbox(order.order_id);
    expect(queued).toMatchObject({ kind: 'approval', provider: 'Sendgrid', document_id: order.id, state: 'queued' });
    const audit = await t
      .db('audit_events')
      .where({ order_id: order.order_id, action: 'mail' })
      .orderBy('id', 'desc')
      .first();
    expect(audit).toMatchObject({ member_name: 'Demo Team', to_value: 'Sendgrid', detail: 'other@mail.example' });

    await worker().runOnce();
    expect(sendgrid.messages).toHaveLength(before + 1);
    const mail = sendgrid.messages.at(-1)!;
    expect(mail.envelopeTo).toEqual(['other@mail.example']);
    const stored = await t.app.storage.open(order.storage_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    expect(mail.attachments[0]!.content).toEqual(Buffer.concat(chunks));
  });

  it.each([
    [{ email: 'a@b.example', mailServiceProvider: 'AWS' }, 400, 'Order ID is required.'],
    [{ orderId: 1, mailServiceProvider: 'AWS' }, 400, 'Please enter your email'],
    [{ orderId: 1, email: 'not-an-email', mailServiceProvider: 'AWS' }, 400, 'Please enter a valid email.'],
    [
      { orderId: 1, email: 'a@b.example,victim@c.example', mailServiceProvider: 'AWS' },
      400,
      'Please enter a valid email.',
    ],
    [{ orderId: 1, email: 'Eve <a@b.example>', mailServiceProvider: 'AWS' }, 400, 'Please enter a valid email.'],
    [
      { orderId: 1, email: 'a@b.example', mailServiceProvider: 'Postmark' },
      400,
      'Please choose a mail provider: AWS or Sendgrid.',
    ],
    [{ orderId: 999_999_999, email: 'a@b.example', mailServiceProvider: 'AWS' }, 404, 'Order not found.'],
  ])('refuses a bad resend %#', async (payload, code, message) => {
    const res = await t.call(token, { method: 'POST', url: '/api/admin/resend-mail', payload });
    expect(res.statusCode).toBe(code);
    expect(res.json()).toEqual({ status: 0, message });
  });

  it('refuses a resend for an order without a document', async () => {
    const order = await newOrder('thailandarrivalcard.example');
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/admin/resend-mail',
      payload: { orderId: order.order_id, email: 'a@b.example', mailServiceProvider: 'AWS' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This order has no uploaded document to send yet.');
  });

  it('sends the refund mail queued with {orderId}', async () => {
    const order = await t.db('orders').where({ process_status: 'Refunds' }).first();
    await t.db.transaction((trx) =>
      enqueueMail(trx, {
        orderId: order.order_id,
        kind: 'refund',
        provider: 'AWS',
        to: order.email,
        subject: `Your refund for order ${order.order_id}`,
        payload: { orderId: order.order_id },
      }),
    );
    await worker().runOnce();
    const mail = aws.messages.at(-1)!;
    expect(mail.envelopeTo).toEqual([order.email]);
    expect(mail.subject).toBe(`Your refund for order ${order.order_id}`);
    expect(mail.text).toContain(
      `We have refunded your payment of ${Number(order.amount).toFixed(2)} ${order.currency}`,
    );
    expect(mail.attachments).toEqual([]);
  });

  it('keeps mail queued while the SMTP server is down, then delivers it exactly once', async () => {
    const port = await freePort();
    const down = worker({ mailAwsUrl: `smtp://127.0.0.1:${port}`, mailRetryBaseMs: 60_000 });
    const order = await t.db('uploaded_documents').orderBy('id', 'desc').first();
    await t.call(token, {
      method: 'POST',
      url: '/api/admin/resend-mail',
      payload: { orderId: order.order_id, email: 'outage@mail.example', mailServiceProvider: 'AWS' },
    });
    const start = new Date();
    expect(await down.runOnce(start)).toBe(1);
    let [row] = await outbox(order.order_id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, claimed_by: null, sent_at: null });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.next_attempt_at).toBe(dayjs.utc(start).add(60, 'second').format('YYYY-MM-DD HH:mm:ss'));
    // Not due yet: the backoff holds it back.
    expect(await down.runOnce(start)).toBe(0);
    // Still down a minute later: second attempt, twice the wait.
    expect(await down.runOnce(dayjs(start).add(61, 'second').toDate())).toBe(1);
    [row] = await outbox(order.order_id);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    expect(row.next_attempt_at).toBe(dayjs.utc(start).add(181, 'second').format('YYYY-MM-DD HH:mm:ss'));

    const back = await startSmtpServer(port);
    try {
      const later = dayjs(start).add(200, 'second').toDate();
      expect(await down.runOnce(later)).toBe(1);
      expect(await down.runOnce(later)).toBe(0);
      expect(await worker().runOnce(dayjs(later).add(1, 'day').toDate())).toBe(0);
      expect(back.messages).toHaveLength(1);
      expect(back.messages[0]!.envelopeTo).toEqual(['outage@mail.example']);
      [row] = await outbox(order.order_id);
      expect(row).toMatchObject({
        state: 'sent',
        attempts: 3,
        last_error: null,
        message_id: back.messages[0]!.messageId,
      });
    } finally {
      await back.close();
    }
  });

  it('marks a mail failed after the configured number of attempts', async () => {
    const port = await freePort();
    const down = worker({ mailAwsUrl: `smtp://127.0.0.1:${port}`, mailMaxAttempts: 3, mailRetryBaseMs: 0 });
    const order = await t.db('uploaded_documents').orderBy('id', 'desc').first();
    await t.call(token, {
      method: 'POST',
      url: '/api/admin/resend-mail',
      payload: { orderId: order.order_id, email: 'never@mail.example', mailServiceProvider: 'AWS' },
    });
    for (let i = 0; i < 3; i++) expect(await down.runOnce()).toBe(1);
    const [row] = await outbox(order.order_id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, to_email: 'never@mail.example' });
    expect(row.last_error).toBeTruthy();
    expect(await down.runOnce(dayjs().add(1, 'day').toDate())).toBe(0);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(60_000, n))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(60_000, 20)).toBe(3_600_000);
  });

  it('never lets two workers hold the same row; an expired claim is taken over', async () => {
    const order = await t.db('uploaded_documents').orderBy('id', 'desc').first();
    await t.db.transaction((trx) =>
      enqueueMail(trx, {
        orderId: order.order_id,
        kind: 'refund',
        provider: 'AWS',
        to: 'lease@mail.example',
        subject: 'lease',
        payload: { orderId: order.order_id },
      }),
    );
    const now = nowUtc();
    const lease = dayjs.utc().add(5, 'minute').format('YYYY-MM-DD HH:mm:ss');
    const first = await claimDueMails(t.db, { workerId: 'worker-a', now, leaseUntil: lease, limit: 10 });
    expect(first.map((r) => r.to_email)).toEqual(['lease@mail.example']);
    expect(await claimDueMails(t.db, { workerId: 'worker-b', now, leaseUntil: lease, limit: 10 })).toEqual([]);
    // Worker A died: once its lease is over, another worker takes the row (at-least-once delivery).
    const afterLease = dayjs.utc().add(6, 'minute').format('YYYY-MM-DD HH:mm:ss');
    const taken = await claimDueMails(t.db, {
      workerId: 'worker-b',
      now: afterLease,
      leaseUntil: afterLease,
      limit: 10,
    });
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ claimed_by: 'worker-b', attempts: 2, state: 'sending' });
    await t.db('mail_outbox').where({ id: taken[0]!.id }).update({ state: 'sent', claimed_by: null });
  });

  it('sends each of many mails exactly once with two workers running at once', async () => {
    const order = await t.db('uploaded_documents').orderBy('id', 'desc').first();
    const recipients = Array.from({ length: 16 }, (_, i) => `many${i}@mail.example`);
    await t.db.transaction(async (trx) => {
      for (const to of recipients) {
        await enqueueMail(trx, {
          orderId: order.order_id,
          kind: 'refund',
          provider: 'Sendgrid',
          to,
          subject: 'many',
          payload: { orderId: order.order_id },
        });
      }
    });
    const before = sendgrid.messages.length;
    const a = createMailWorker({ db: t.db, config: t.config, storage: t.app.storage, log: quiet, batchSize: 3 });
    const b = createMailWorker({ db: t.db, config: t.config, storage: t.app.storage, log: quiet, batchSize: 3 });
    workers.push(a, b);
    const drain = async (w: MailWorker) => {
      while ((await w.runOnce()) > 0);
    };
    await Promise.all([drain(a), drain(b)]);
    const received = sendgrid.messages.slice(before).flatMap((m) => m.envelopeTo);
    expect(received.sort()).toEqual([...recipients].sort());
    const rows = await t.db('mail_outbox').where({ subject: 'many' });
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.message_id)).size).toBe(recipients.length);
  });

  it('writes .eml files under DATA_DIR/mail when a provider has no SMTP URL', async () => {
    const order = await t.db('uploaded_documents').orderBy('id', 'desc').first();
    await t.call(token, {
      method: 'POST',
      url: '/api/admin/resend-mail',
      payload: { orderId: order.order_id, email: 'file@mail.example', mailServiceProvider: 'Sendgrid' },
    });
    const [row] = await outbox(order.order_id);
    const before = sendgrid.messages.length;
    await worker({ mailSendgridUrl: '' }).runOnce();
    expect(sendgrid.messages).toHaveLength(before);
    const file = path.join(t.dataDir, 'mail', 'sendgrid', `outbox-${row.id}.eml`);
    const eml = fs.readFileSync(file, 'utf8');
    expect(eml).toContain('To: file@mail.example');
    expect(eml).toContain(`Subject: Your Thailand Digital Arrival Card - Order ${order.order_id}`);
    expect(eml).toContain('Content-Type: application/pdf');
    const [sent] = await outbox(order.order_id);
    expect(sent.state).toBe('sent');
  });
});
