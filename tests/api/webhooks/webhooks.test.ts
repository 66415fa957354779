import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../api/src/app.js';
import { outboxMessageKey } from '../../../api/src/modules/mail/templates.js';
import { snsStringToSign } from '../../../api/src/modules/webhooks/signatures.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
/** A self-signed certificate and its key, made for these tests only (openssl req -x509). */
const SNS_CERT_FILE = path.join(FIXTURES, 'sns-test-cert.pem');
const SNS_KEY = fs.readFileSync(path.join(FIXTURES, 'sns-test-key.pem'), 'utf8');
const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-events';

const sendgridKeys = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const otherKeys = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const publicKeyBase64 = sendgridKeys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');

interface Mail {
  id: number;
  order_id: number;
  created_at: string;
  provider: string;
}

/** SendGrid's signing: ECDSA SHA-256 over timestamp + body, base64 DER. */
function sendgridRequest(
  events: object[],
  { key = sendgridKeys.privateKey, ageSeconds = 0 }: { key?: crypto.KeyObject; ageSeconds?: number } = {},
) {
  const body = JSON.stringify(events);
  const timestamp = String(Math.floor(Date.now() / 1000) - ageSeconds);
  const signature = crypto.sign('sha256', Buffer.from(timestamp + body), key).toString('base64');
  return {
    method: 'POST' as const,
    url: '/api/webhooks/sendgrid',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-twilio-email-event-webhook-signature': signature,
      'x-twilio-email-event-webhook-timestamp': timestamp,
    },
  };
}

/** An SNS delivery signed as SNS signs it, with the test certificate's key. */
function snsRequest(fields: Record<string, string>, { version = '2', tamper = false } = {}) {
  const message = {
    Type: 'Notification',
    MessageId: crypto.randomUUID(),
    TopicArn: TOPIC,
    Timestamp: new Date().toISOString(),
    SignatureVersion: version,
    SigningCertURL: 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-test.pem',
    ...fields,
  } as Record<string, string>;
  const toSign = snsStringToSign(message as never);
  message.Signature = crypto.sign(version === '1' ? 'sha1' : 'sha256', Buffer.from(toSign), SNS_KEY).toString('base64');
  if (tamper) message.Message = message.Message!.replace('Permanent', 'Transient');
  return {
    method: 'POST' as const,
    url: '/api/webhooks/ses',
    payload: JSON.stringify(message),
    headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': message.Type! },
  };
}

const sesBounce = (mail: Mail, reason: string) =>
  JSON.stringify({
    notificationType: 'Bounce',
    mail: {
      messageId: `0100019${mail.id}-ses`,
      timestamp: '2026-11-20T10:00:00.000Z',
      commonHeaders: { messageId: `<${outboxMessageKey(mail)}@demo.test>` },
    },
    bounce: {
      bounceType: 'Permanent',
      bounceSubType: 'General',
      timestamp: '2026-11-20T10:00:05.000Z',
      bouncedRecipients: [{ emailAddress: 'x@example.test', diagnosticCode: reason }],
    },
  });

describe.each(dialects())('mail provider webhooks on %s', (dialect) => {
  let t: TestApp;
  let sendgridMail: Mail;
  let awsMail: Mail;

  const mailRow = (id: number) => t.db('mail_outbox').where({ id }).first();
  const eventCount = async () => Number((await t.db('mail_events').count({ n: '*' }).first())?.n);

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      config: { sendgridWebhookPublicKey: publicKeyBase64, sesSnsCertFile: SNS_CERT_FILE, sesSnsTopicArns: [TOPIC] },
    });
    sendgridMail = await t.db('mail_outbox').where({ provider: 'Sendgrid', state: 'sent' }).orderBy('id').first();
    awsMail = await t.db('mail_outbox').where({ provider: 'AWS', state: 'sent' }).orderBy('id').first();
  });
  afterAll(() => t?.close());

  const sendgridBatch = (mail: Mail) => {
    const smtpId = `<${outboxMessageKey(mail)}@demo.test>`;
    const sgId = `sg${mail.id}AbCdEf`;
    const at = Math.floor(Date.parse('2026-11-20T10:00:00Z') / 1000);
    return [
      {
        event: 'processed',
        timestamp: at,
        'smtp-id': smtpId,
        sg_message_id: `${sgId}.filter0001`,
        sg_event_id: `p-${mail.id}`,
      },
      {
        event: 'delivered',
        timestamp: at + 4,
        'smtp-id': smtpId,
        sg_message_id: `${sgId}.filter0001`,
        sg_event_id: `d-${mail.id}`,
        response: '250 OK',
      },
      // Opens carry SendGrid's id of the mail only, not the Message-ID.
      {
        event: 'open',
        timestamp: at + 600,
        sg_message_id: `${sgId}.filter0002`,
        sg_event_id: `o-${mail.id}`,
        useragent: 'Mozilla/5.0',
        ip: '8.8.8.8',
      },
    ];
  };

  it('marks a mail delivered and opened from a signed SendGrid batch, without a staff token', async () => {
    const res = await t.app.inject(sendgridRequest(sendgridBatch(sendgridMail)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 1,
      message: 'Events received.',
      data: { recorded: 3, duplicates: 0, ignored: 0 },
    });
    const mail = await mailRow(sendgridMail.id);
    expect(mail).toMatchObject({
      delivered_at: '2026-11-20 10:00:04',
      opened_at: '2026-11-20 10:10:00',
      provider_message_id: `sg${sendgridMail.id}AbCdEf`,
      bounced_at: null,
    });
    const events = await t.db('mail_events').where({ mail_id: sendgridMail.id }).orderBy('occurred_at');
    expect(events.map((e) => e.event)).toEqual(['processed', 'delivered', 'opened']);
  });

  it('shows the delivery times in Email History (the mails resource)', async () => {
    const token = await t.login('telecaller@demo.test');
    const res = await t.call(token, {
      method: 'GET',
      url: '/api/mails',
      query: { filter: JSON.stringify({ order_id: sendgridMail.order_id }) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().find((m: { id: number }) => m.id === sendgridMail.id)).toMatchObject({
      delivered_at: '2026-11-20 10:00:04',
      opened_at: '2026-11-20 10:10:00',
      bounced_at: null,
      provider_message_id: `sg${sendgridMail.id}AbCdEf`,
    });
  });

  it('counts the same SendGrid events once when they come again', async () => {
    const before = await eventCount();
    const res = await t.app.inject(sendgridRequest(sendgridBatch(sendgridMail)));
    expect(res.json().data).toEqual({ recorded: 0, duplicates: 3, ignored: 0 });
    expect(await eventCount()).toBe(before);
    expect(await mailRow(sendgridMail.id)).toMatchObject({ delivered_at: '2026-11-20 10:00:04' });
  });

  /** A forged bounce: if any of these got through, the mail would read bounced. */
  const forgedBounce = () => [
    {
      event: 'bounce',
      timestamp: 1_800_000_000,
      'smtp-id': `<${outboxMessageKey(sendgridMail)}@demo.test>`,
      sg_event_id: 'forged',
      reason: 'forged',
    },
  ];

  it.each([
    ['a signature by another key', () => sendgridRequest(forgedBounce(), { key: otherKeys.privateKey })],
    ['a timestamp over 10 minutes old', () => sendgridRequest(forgedBounce(), { ageSeconds: 601 })],
    [
      'a body changed after signing',
      () => {
        const signed = sendgridRequest([{ ...forgedBounce()[0], event: 'delivered' }]);
        return { ...signed, payload: signed.payload.replace('"delivered"', '"bounce"') };
      },
    ],
    ['no signature', () => ({ method: 'POST' as const, url: '/api/webhooks/sendgrid', payload: forgedBounce() })],
  ])('refuses %s with 401 and stores nothing', async (_name, request) => {
    const before = await eventCount();
    const res = await t.app.inject(request());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, message: 'The webhook signature is missing or not valid.' });
    expect(await eventCount()).toBe(before);
    expect(await mailRow(sendgridMail.id)).toMatchObject({ bounced_at: null, bounce_reason: null });
  });

  it('acknowledges and ignores an event about an unknown Message-ID', async () => {
    const before = await eventCount();
    const res = await t.app.inject(
      sendgridRequest([
        {
          event: 'delivered',
          timestamp: 1_800_000_000,
          'smtp-id': '<outbox-999999-20260101000000@demo.test>',
          sg_event_id: 'u1',
        },
        { event: 'delivered', timestamp: 1_800_000_000, 'smtp-id': '<someone-else@example.test>', sg_event_id: 'u2' },
        // The right id with another creation time is not our mail either.
        {
          event: 'delivered',
          timestamp: 1_800_000_000,
          'smtp-id': `<outbox-${sendgridMail.id}-20000101000000@demo.test>`,
          sg_event_id: 'u3',
        },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ recorded: 0, duplicates: 0, ignored: 3 });
    expect(await eventCount()).toBe(before);
  });

  it('refuses a batch that is not a list of events with 400', async () => {
    const res = await t.app.inject(sendgridRequest([{ timestamp: 'soon' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(0);
  });

  it.each(['1', '2'])(
    'marks a mail bounced with its reason from an SNS notification (SignatureVersion %s)',
    async (version) => {
      const mail =
        version === '1'
          ? awsMail
          : await t.db('mail_outbox').where({ provider: 'AWS' }).where('id', '>', awsMail.id).orderBy('id').first();
      const reason = `smtp; 550 5.1.1 user unknown (v${version})`;
      const res = await t.app.inject(snsRequest({ Message: sesBounce(mail, reason) }, { version }));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ recorded: 1, duplicates: 0, ignored: 0 });
      expect(await mailRow(mail.id)).toMatchObject({
        bounced_at: '2026-11-20 10:00:05',
        bounce_reason: `Permanent/General: ${reason}`,
        provider_message_id: `0100019${mail.id}-ses`,
      });
    },
  );

  it('counts the same SNS notification once', async () => {
    const request = snsRequest({
      Message: JSON.stringify({
        eventType: 'Complaint',
        mail: { messageId: 'ses-c1', commonHeaders: { messageId: `<${outboxMessageKey(awsMail)}@demo.test>` } },
        complaint: { timestamp: '2026-11-21T08:00:00.000Z', complaintFeedbackType: 'abuse' },
      }),
    });
    const before = await eventCount();
    expect((await t.app.inject(request)).json().data).toEqual({ recorded: 1, duplicates: 0, ignored: 0 });
    expect((await t.app.inject(request)).json().data).toEqual({ recorded: 0, duplicates: 1, ignored: 0 });
    expect(await eventCount()).toBe(before + 1);
    expect(await mailRow(awsMail.id)).toMatchObject({ complained_at: '2026-11-21 08:00:00' });
  });

  it('refuses an SNS notification with a bad signature or from another topic, storing nothing', async () => {
    const before = await eventCount();
    const tampered = await t.app.inject(snsRequest({ Message: sesBounce(awsMail, 'tampered') }, { tamper: true }));
    expect(tampered.statusCode).toBe(401);
    const otherTopic = await t.app.inject(
      snsRequest({ Message: sesBounce(awsMail, 'other topic'), TopicArn: 'arn:aws:sns:us-east-1:999999999999:evil' }),
    );
    expect(otherTopic.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/ses',
      payload: { Type: 'Notification' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await eventCount()).toBe(before);
  });

  it('confirms a signed subscription only on an Amazon SNS address', async () => {
    const res = await t.app.inject(
      snsRequest({
        Type: 'SubscriptionConfirmation',
        Message: 'You have chosen to subscribe to the topic.',
        Token: 'token-1',
        SubscribeURL: 'http://127.0.0.1:9/confirm?Token=token-1',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message: 'SubscribeURL is not an Amazon SNS address.' });
  });

  it('rate limits webhook calls per IP before reading them', async () => {
    let limited: FastifyInstance | undefined;
    try {
      limited = await buildApp({ config: { ...t.config, webhookRateMax: 2 }, db: t.db });
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push(
          (await limited.inject(sendgridRequest([{ event: 'open', timestamp: 1 }], { key: otherKeys.privateKey })))
            .statusCode,
        );
      expect(codes).toEqual([401, 401, 429]);
    } finally {
      await limited?.close();
    }
  });
});
