import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RetentionBody, RetentionId, RetentionRecord } from './schemas.js';
import { retentionRecord, updateRetention } from './service.js';

const tags = ['privacy'];
const config = { permission: 'configuration.manage' } as const;

/**
 * The retention setting, Admins only, as one record of ra-data-simple-rest's conventions:
 * GET and PUT /api/retention-settings/current.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/retention-settings/:id',
    { schema: { tags, params: RetentionId, response: { 200: RetentionRecord } }, config },
    async () => retentionRecord(app),
  );
  app.put(
    '/retention-settings/:id',
    { schema: { tags, params: RetentionId, body: RetentionBody, response: { 200: RetentionRecord } }, config },
    async (request) => updateRetention(app, request.member, request.body.days),
  );
};

export default routes;
