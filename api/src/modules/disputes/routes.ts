import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { dayjs } from '@app/domain';
import { badRequest, HttpError, ok, streamAnswer } from '../../http.js';
import { closeAfterRefusal, readFileUpToLimit } from '../../plugins/uploadLimits.js';
import {
  AddedAnswer,
  DisputeParams,
  DueCountAnswer,
  EvidenceAnswer,
  EvidenceFileParams,
  EvidenceItemBody,
  RateAnswer,
  RateQuery,
  StripeDispute,
  StripeEvent,
  WebhookAnswer,
} from './schemas.js';
import {
  addEvidenceItem,
  applyGatewayDispute,
  disputeEvidence,
  disputeRate,
  dueCount,
  evidenceFile,
} from './service.js';
import { fromStripe, STRIPE_DISPUTE_EVENTS, verifyStripe, type StripeDisputeObject } from './stripe.js';
import type { Static } from 'typebox';
import { Compile } from 'typebox/compile';

const tags = ['disputes'];

/** An evidence file as it came in a multipart form, beside the form's text fields (request.body). */
const uploadedFiles = new WeakMap<FastifyRequest, { filename: string; bytes: Buffer }>();

/** Reads a multipart evidence form (fields item and text, file `file`) into the body; JSON is read as it is. */
async function readEvidenceForm(request: FastifyRequest, reply: FastifyReply) {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') {
          const bytes = await readFileUpToLimit(part.file, request.server.config.uploadMaxMb);
          uploadedFiles.set(request, { filename: part.filename, bytes });
        } else part.file.resume();
      } else if (part.fieldname === 'item' || part.fieldname === 'text') body[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 413) closeAfterRefusal(reply);
    throw error instanceof HttpError ? error : badRequest('The upload could not be read completely. Please try again.');
  }
  request.body = body;
}

const stripeDispute = Compile(StripeDispute);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/disputes/:id/evidence',
    {
      schema: { tags, params: DisputeParams, response: { 200: EvidenceAnswer } },
      config: { permission: 'disputes.read' },
    },
    (request) => disputeEvidence(app, request.member, Number(request.params.id)),
  );

  app.post(
    '/disputes/:id/evidence-items',
    {
      schema: {
        tags,
        params: DisputeParams,
        consumes: ['application/json', 'multipart/form-data'],
        body: EvidenceItemBody,
        response: { 200: AddedAnswer },
      },
      config: { permission: 'disputes.evidence' },
      preValidation: readEvidenceForm,
    },
    async (request) => ({
      id: await addEvidenceItem(app, request.member, Number(request.params.id), {
        ...request.body,
        file: uploadedFiles.get(request) ?? null,
      }),
    }),
  );

  app.get(
    '/disputes/:id/evidence-items/:itemId/file',
    {
      schema: { tags, params: EvidenceFileParams, response: streamAnswer('the evidence file') },
      config: { permission: 'disputes.read' },
    },
    async (request, reply) => {
      const { item, stream, size } = await evidenceFile(app, Number(request.params.id), Number(request.params.itemId));
      return reply
        .type(item.mime_type ?? 'application/octet-stream')
        .header('content-length', size)
        .header(
          'content-disposition',
          `attachment; filename="dispute-${item.dispute_id}-${item.id}.${item.file!.split('.').pop()}"`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/disputes-due-count',
    { schema: { tags, response: { 200: DueCountAnswer } }, config: { permission: 'disputes.read' } },
    async () => ({ due: await dueCount(app.db) }),
  );

  app.get(
    '/dispute-rate',
    {
      schema: { tags, querystring: RateQuery, response: { 200: RateAnswer } },
      config: { permission: 'disputes.manage' },
    },
    (request) => disputeRate(app, request.query.month ?? dayjs.utc(app.clock.now()).format('YYYY-MM')),
  );

  await app.register(stripeWebhook);
};

/**
 * Stripe's dispute events: public, rate limited per IP before anything is read, believed only with a
 * valid signature of the raw body made with STRIPE_WEBHOOK_SECRET within the tolerance of the app's
 * clock. Every signed event gets 200 (else Stripe retries it for days): a replay of an event id already
 * applied is answered `duplicate` and changes nothing.
 */
const stripeWebhook: FastifyPluginAsyncTypebox = async (app) => {
  const refused = () => new HttpError(401, 'The webhook signature is missing, not valid or too old.');
  // In this plugin only: keep the raw body, which the signature is over.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The body is not valid JSON.'), undefined);
    }
  });

  app.post(
    '/webhooks/stripe',
    {
      schema: { tags: ['webhooks'], body: StripeEvent, security: [], response: { 200: WebhookAnswer } },
      config: {
        public: true,
        rateLimit: {
          max: app.config.webhookRateMax,
          timeWindow: app.config.rateWindowMs,
          hook: 'onRequest' as const,
          keyGenerator: (request: FastifyRequest) => `webhook|${request.ip}`,
        },
      },
      preValidation: async (request) => {
        const header = request.headers['stripe-signature'];
        const valid = verifyStripe(
          app.config.stripeWebhookSecret,
          typeof header === 'string' ? header : '',
          request.rawBody ?? '',
          Math.floor(app.clock.now().getTime() / 1000),
        );
        if (!valid) throw refused();
      },
    },
    async (request) => {
      const event = request.body as Static<typeof StripeEvent>;
      if (!STRIPE_DISPUTE_EVENTS.includes(event.type)) return ok('Event ignored.', { result: 'ignored' });
      const dispute = event.data.object;
      if (!stripeDispute.Check(dispute)) {
        const [first] = stripeDispute.Errors(dispute);
        throw badRequest(`data.object${first?.instancePath ?? ''} is not a dispute: ${first?.message ?? 'invalid'}.`);
      }
      const result = await applyGatewayDispute(app, fromStripe(event, dispute as StripeDisputeObject));
      return ok(result === 'duplicate' ? 'Event already applied.' : 'Event applied.', { result });
    },
  );
};

export default routes;
