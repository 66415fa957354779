import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessageKey } from '../../../api/src/modules/mail/templates.js';
import { snsStringToSign } from '../../../api/src/modules/webhooks/signatures.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * An SNS notification older than an hour, or more than five minutes ahead, is refused with 401 and nothing
 * is stored (in production mode), so that a captured one cannot be played again later.
 */

const FIXTURES = path.join(import.meta.dirname, '..', 'webhooks', 'fixtures');
/** The self-signed certificate and key the webhook tests sign with (tests/api/webhooks/fixtures). */
const SNS_CERT_FILE = path.join(FIXTURES, 'sns-test-cert.pem');
const SNS_KEY = fs.readFileSync(path.join(FIXTURES, 'sns-test-key.pem'), 'utf8');
const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-events';
const MINUTE = 60_000;

interface Mail {
  id: number;
  order_id: number;
  created_at: string;
  provider: string;
}

/** A signed SNS notification of an SES complaint about `mail`, with the given Timestamp. */
function snsComplaint(mail: Mail, timestamp: string) {
  const message: Record<string, string> = {
    Type: 'Notification',
    MessageId: crypto.randomUUID(),
    TopicArn: TOPIC,
    Timestamp: timestamp,
    SignatureVersion: '2',
    Message: JSON.stringify({
      eventType: 'Complaint',
      mail: {
        messageId: `ses-${crypto.randomUUID()}`,
        commonHeaders: { messageId: `<${outboxMessageKey(mail)}@demo.test>` },
      },
      complaint: { timestamp: '2026-11-21T08:00:00.000Z', complaintFeedbackType: 'abuse' },
    }),
  };
  message.Signature = crypto.sign('sha256', Buffer.from(snsStringToSign(message as never)), SNS_KEY).toString('base64');
  return {
    method: 'POST' as const,
    url: '/api/webhooks/ses',
    payload: JSON.stringify(message),
    headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' },
  };
}

describe.each(dialects())('SNS Timestamp on %s', (dialect) => {
  let t: TestApp;
  let mail: Mail;
  const eventCount = async () => Number((await t.db('mail_events').count({ n: '*' }).first())?.n);
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      config: { nodeEnv: 'production', sesSnsCertFile: SNS_CERT_FILE, sesSnsTopicArns: [TOPIC] },
    });
    mail = await t.db('mail_outbox').where({ provider: 'AWS', state: 'sent' }).orderBy('id').first();
  });
  afterAll(() => t?.close());

  it.each([
    ['older than an hour', -61 * MINUTE],
    ['a day old', -24 * 60 * MINUTE],
    ['more than five minutes ahead', 6 * MINUTE],
  ])('refuses a validly signed notification %s with 401, storing nothing', async (_what, offset) => {
    const before = await eventCount();
    const res = await t.app.inject(snsComplaint(mail, at(offset)));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/Timestamp/);
    expect(await eventCount()).toBe(before);
    expect((await t.db('mail_outbox').where({ id: mail.id }).first()).complained_at).toBeNull();
  });

  it('refuses a Timestamp that is not an ISO time', async () => {
    const res = await t.app.inject(snsComplaint(mail, 'yesterday'));
    expect(res.statusCode).toBe(401);
  });

  it('takes a recent one, a little behind or ahead of the clock', async () => {
    for (const offset of [-59 * MINUTE, 4 * MINUTE]) {
      const before = await eventCount();
      const res = await t.app.inject(snsComplaint(mail, at(offset)));
      expect(res.statusCode).toBe(200);
      expect(await eventCount()).toBe(before + 1);
    }
  });
});
