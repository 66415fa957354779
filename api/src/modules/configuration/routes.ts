import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { Type } from 'typebox';
import { CONFIGURATION_LIMITS, mayOpenQueue } from '@app/domain';
import { answerList, readJsonParams, type ListParams } from '../../core/listAnswer.js';
import { badRequest, envelopeAnswer, notFound, ok, OpenRecord } from '../../http.js';
import { strictBodyCompiler } from '../../core/validators.js';
import {
  FieldCreateBody,
  FieldListQuery,
  FieldUpdateBody,
  IdParams,
  ImportBody,
  ImportQuery,
  QueueCreateBody,
  QueueListQuery,
  QueueUpdateBody,
} from './schemas.js';
import {
  ConfigurationRefused,
  createField,
  createQueue,
  exportDocument,
  fieldAnswer,
  fieldAnswers,
  importConfiguration,
  queueAnswer,
  removeField,
  removeQueue,
  updateField,
  updateQueue,
} from './service.js';

const tags = ['configuration'];
const manage = { permission: 'configuration.manage' } as const;
const MEGABYTE = 1024 * 1024;

type Json = Record<string, unknown>;

/**
 * The configuration, Admins only: /api/order-fields and /api/custom-queues in
 * ra-data-simple-rest's conventions, export and import of the whole; and for every member, the custom
 * queues their role may open.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.setValidatorCompiler(strictBodyCompiler);
  // A refusal lists every problem; a document over the limit is named as such.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof ConfigurationRefused)
      return reply
        .code(400)
        .send({ status: 0, message: error.message, problems: error.problems, errors: error.errors });
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw badRequest(
        `The configuration document is over ${CONFIGURATION_LIMITS.documentBytes / MEGABYTE} MB, the most accepted.`,
      );
    throw error;
  });

  const listed = { preValidation: readJsonParams };
  const configuration = () => app.configuration.current;

  app.get(
    '/order-fields',
    {
      schema: { tags, querystring: FieldListQuery, response: { 200: Type.Array(OpenRecord) } },
      config: manage,
      ...listed,
    },
    async (request, reply) =>
      answerList(reply, 'order-fields', fieldAnswers(app.baseRegistry, configuration()), request.query as ListParams),
  );
  app.get(
    '/order-fields/:id',
    { schema: { tags, params: IdParams, response: { 200: OpenRecord } }, config: manage },
    async (request) => {
      const record = fieldAnswer(app.baseRegistry, configuration(), request.params.id);
      if (!record) throw notFound('Record not found.');
      return record;
    },
  );
  app.post(
    '/order-fields',
    { schema: { tags, body: FieldCreateBody, response: { 200: OpenRecord } }, config: manage },
    async (request) => createField(app, request.member, request.body),
  );
  app.put(
    '/order-fields/:id',
    { schema: { tags, params: IdParams, body: FieldUpdateBody, response: { 200: OpenRecord } }, config: manage },
    async (request) => updateField(app, request.member, request.params.id, request.body),
  );
  app.delete(
    '/order-fields/:id',
    { schema: { tags, params: IdParams, response: { 200: OpenRecord } }, config: manage },
    async (request) => removeField(app, request.member, request.params.id),
  );

  app.get(
    '/custom-queues',
    {
      schema: { tags, querystring: QueueListQuery, response: { 200: Type.Array(OpenRecord) } },
      config: manage,
      ...listed,
    },
    async (request, reply) => answerList(reply, 'custom-queues', configuration().queues, request.query as ListParams),
  );
  app.get(
    '/custom-queues/:id',
    { schema: { tags, params: IdParams, response: { 200: OpenRecord } }, config: manage },
    async (request) => {
      const record = queueAnswer(configuration(), request.params.id);
      if (!record) throw notFound('Record not found.');
      return record;
    },
  );
  app.post(
    '/custom-queues',
    { schema: { tags, body: QueueCreateBody, response: { 200: OpenRecord } }, config: manage },
    async (request) => createQueue(app, request.member, request.body),
  );
  app.put(
    '/custom-queues/:id',
    { schema: { tags, params: IdParams, body: QueueUpdateBody, response: { 200: OpenRecord } }, config: manage },
    async (request) => updateQueue(app, request.member, request.params.id, request.body),
  );
  app.delete(
    '/custom-queues/:id',
    { schema: { tags, params: IdParams, response: { 200: OpenRecord } }, config: manage },
    async (request) => removeQueue(app, request.member, request.params.id),
  );

  app.get('/configuration/export', { schema: { tags, response: { 200: OpenRecord } }, config: manage }, async () =>
    exportDocument(app.baseRegistry, configuration()),
  );
  app.post(
    '/configuration/import',
    {
      schema: { tags, querystring: ImportQuery, body: ImportBody, response: envelopeAnswer(OpenRecord) },
      config: { ...manage, stepUp: true },
      bodyLimit: CONFIGURATION_LIMITS.documentBytes,
    },
    async (request) => {
      const dryRun = request.query.dryRun === true;
      const result = await importConfiguration(app, request.member, request.body as Json, dryRun);
      return ok(dryRun ? 'The configuration can be imported.' : 'Configuration imported.', result);
    },
  );

  app.get(
    '/admin/custom-queues',
    { schema: { tags, response: envelopeAnswer(Type.Array(OpenRecord)) }, config: { permission: 'orders.read' } },
    async (request) =>
      ok(
        'Custom queues.',
        app.configuration.queues.filter((queue) => mayOpenQueue(queue, request.member.type)),
      ),
  );
};

export default routes;
