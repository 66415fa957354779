import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowUtc } from '@app/domain';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp.js';
import { createMailWorker } from '../../../api/src/modules/mail/worker.js';

/**
 * Every recipient is checked to be one valid address when the mail is queued
 * and again when it is sent; a bad one leaves the mail failed with the reason, and nothing is sent.
 */
const quiet = { info() {}, warn() {}, error() {} };
const CRAFTED = [
  'victim@example.test, evil@attacker.test',
  'victim@example.test;evil@attacker.test',
  'Victim <victim@example.test>, evil@attacker.test',
  'victim@example.test\r\nBcc: evil@attacker.test',
  'evil@attacker.test (victim@example.test)',
  'undisclosed-recipients:evil@attacker.test;',
];

describe.each(dialects())('mail recipients on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let token: string;
  const runWorker = async () => {
    const worker = createMailWorker({ db: t.db, config: t.config, storage: t.app.storage, log: quiet });
    try {
      while ((await worker.runOnce()) > 0);
    } finally {
      await worker.stop();
    }
  };
  const completedOrder = async (skip: number) =>
    (await t
      .db('orders')
      .where({ process_status: 'Completed' })
      .whereNull('assignee_id')
      .orderBy('order_id')
      .offset(skip)
      .first('order_id')) as { order_id: number };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { config: { mailAwsUrl: smtp.url, mailSendgridUrl: smtp.url } });
    token = await t.login('admin@demo.test');
    await runWorker();
    smtp.messages.length = 0;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('queues a mail to a crafted stored email as failed, with the reason, and sends nothing', async () => {
    const ids: number[] = [];
    for (const [i, email] of CRAFTED.entries()) {
      const { order_id: orderId } = await completedOrder(i);
      ids.push(orderId);
      await t.db('orders').where({ order_id: orderId }).update({ email });
    }
    const res = await t.call(token, {
      method: 'PUT',
      url: '/api/admin/move-to-complete-refund',
      payload: { orderId: ids },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db('mail_outbox').whereIn('order_id', ids).where({ kind: 'refund' });
    expect(rows).toHaveLength(CRAFTED.length);
    for (const row of rows) {
      expect(row.state, row.to_email).toBe('failed');
      expect(row.last_error).toMatch(/is not one valid email address/);
    }
    await runWorker();
    expect(smtp.messages.flatMap((m) => m.envelopeTo)).toEqual([]);
  });

  it('checks again when sending: a bad recipient already in the outbox fails at once with the reason', async () => {
    const { order_id: orderId } = await completedOrder(CRAFTED.length + 1);
    const now = nowUtc();
    const row = (to: string) => ({
      order_id: orderId,
      kind: 'refund',
      provider: 'AWS',
      to_email: to,
      subject: 'Your refund',
      payload: JSON.stringify({ orderId }),
      state: 'queued',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    });
    const { last } = (await t.db('mail_outbox').max({ last: 'id' }).first()) as { last: number };
    await t.db('mail_outbox').insert([row(CRAFTED[0]!), row('customer@example.test')]);
    await runWorker();
    const rows = await t.db('mail_outbox').where('id', '>', last).orderBy('id');
    expect(rows.map((r) => [r.to_email, r.state, r.attempts])).toEqual([
      [CRAFTED[0], 'failed', 1],
      ['customer@example.test', 'sent', 1],
    ]);
    expect(rows[0].last_error).toMatch(/is not one valid email address/);
    expect(smtp.messages.flatMap((m) => m.envelopeTo)).toEqual(['customer@example.test']);
  });
});
