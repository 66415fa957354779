import fs from 'node:fs';
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { badRequest, HttpError, ok } from '../../http.js';
import { fromSendgrid, fromSes, type SendgridEvent, type SesEvent } from './events.js';
import { RecordedAnswer, SendgridBatch, SnsMessage } from './schemas.js';
import { recordDeliveryEvents } from './service.js';
import { sendgridPublicKey, snsTimestampIsFresh, verifySendgrid, verifySns, type SnsEnvelope } from './signatures.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received: signatures are over these bytes, not over a re-serialised object. */
    rawBody?: string;
  }
}

const refused = () => new HttpError(401, 'The webhook signature is missing or not valid.');
const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
};

/** SubscribeURL of a real SNS subscription: https on an sns.<region>.amazonaws.com host, nothing else. */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/**
 * Delivery events from the mail providers (docs/architecture.md#http): public, rate limited per IP before
 * anything is read, and believed only with a valid provider signature. Answers 2xx for every signed
 * event, even one about a mail we do not know, so the provider stops retrying it.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const sendgridKey = sendgridPublicKey(app.config.sendgridWebhookPublicKey);
  const snsCertificate = app.config.sesSnsCertFile
    ? crypto.createPublicKey(fs.readFileSync(app.config.sesSnsCertFile, 'utf8'))
    : null;
  const rateLimit = {
    max: app.config.webhookRateMax,
    timeWindow: app.config.rateWindowMs,
    hook: 'onRequest' as const,
    keyGenerator: (request: FastifyRequest) => `webhook|${request.ip}`,
  };

  // In this plugin only: keep the raw body, and read SNS's text/plain as the JSON it is.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The body is not valid JSON.'), undefined);
    }
  });

  app.post(
    '/webhooks/sendgrid',
    {
      schema: { tags: ['webhooks'], body: SendgridBatch, security: [], response: RecordedAnswer },
      config: { public: true, rateLimit },
      preValidation: async (request) => {
        const valid =
          !!sendgridKey &&
          verifySendgrid(sendgridKey, {
            signature: header(request, 'x-twilio-email-event-webhook-signature'),
            timestamp: header(request, 'x-twilio-email-event-webhook-timestamp'),
            rawBody: request.rawBody ?? '',
            nowSeconds: Math.floor(Date.now() / 1000),
          });
        if (!valid) throw refused();
      },
    },
    async (request) =>
      ok('Events received.', await recordDeliveryEvents(app, fromSendgrid(request.body as SendgridEvent[]))),
  );

  app.post(
    '/webhooks/ses',
    {
      schema: { tags: ['webhooks'], body: SnsMessage, security: [], response: RecordedAnswer },
      config: { public: true, rateLimit },
      preValidation: async (request) => {
        const message = request.body as SnsEnvelope;
        const valid =
          !!snsCertificate &&
          typeof message === 'object' &&
          message !== null &&
          ['Type', 'MessageId', 'TopicArn', 'Message', 'Timestamp', 'Signature'].every(
            (field) => typeof (message as unknown as Record<string, unknown>)[field] === 'string',
          ) &&
          verifySns(snsCertificate, message);
        if (!valid) throw refused();
        const topics = app.config.sesSnsTopicArns;
        if (topics.length && !topics.includes(message.TopicArn)) throw refused();
        if (!snsTimestampIsFresh(message.Timestamp, Date.now()))
          throw new HttpError(401, 'The SNS message Timestamp is more than an hour old or ahead of the clock.');
      },
    },
    async (request) => {
      const message = request.body as Static<typeof SnsMessage>;
      if (message.Type === 'SubscriptionConfirmation') {
        await confirmSubscription(message.SubscribeURL);
        return ok('Subscription confirmed.');
      }
      if (message.Type === 'UnsubscribeConfirmation') return ok('Unsubscribe noted.');
      let event: SesEvent;
      try {
        event = JSON.parse(message.Message) as SesEvent;
      } catch {
        throw badRequest('Message is not an SES event.');
      }
      const delivery = fromSes(message.MessageId, message.Timestamp, event);
      return ok('Event received.', await recordDeliveryEvents(app, delivery ? [delivery] : []));
    },
  );
};

/** Visits the SubscribeURL of a signed confirmation, only on an SNS host, so it cannot be aimed elsewhere. */
async function confirmSubscription(subscribeUrl: string | undefined) {
  let url: URL;
  try {
    url = new URL(subscribeUrl ?? '');
  } catch {
    throw badRequest('SubscribeURL is not an Amazon SNS address.');
  }
  if (url.protocol !== 'https:' || !SNS_HOST.test(url.hostname)) {
    throw badRequest('SubscribeURL is not an Amazon SNS address.');
  }
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new HttpError(502, `Amazon SNS answered ${res.status} to the subscription confirmation.`);
}

export default routes;
