import { downloadFileName } from '@app/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound, streamAnswer } from '../../http.js';
import { downloadRateLimit } from '../../plugins/publicRateLimits.js';
import { DocumentParams, DocumentQuery } from './schemas.js';
import { DOCUMENT_NOT_FOUND, openDocument } from './service.js';

/**
 * GET /uploads/docs/{orderId}_{file1}: the document bytes (the old system's path, outside /api). Public as a
 * route; the service lets in a valid signed link or a staff token only.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/uploads/docs/:name',
    {
      schema: {
        response: streamAnswer('the document: a PDF or an image'),
        tags: ['visitor'],
        params: DocumentParams,
        querystring: DocumentQuery,
      },
      config: {
        public: true,
        // Staff browsing documents from one office address should not share the visitors' limit.
        rateLimit: { ...downloadRateLimit(app.config), allowList: (request) => !!request.headers.authorization },
      },
    },
    async (request, reply) => {
      const { document, stored } = await openDocument(app, request, request.params.name, request.query);
      return reply
        .type(document.mime_type)
        .header('content-length', stored.size)
        .header('content-disposition', `attachment; filename="${downloadFileName(document.order_id, document.file1)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stored.stream);
    },
  );

  // Any other path under /uploads (a nested or traversing name) is no document, not a visitor page.
  app.get('/uploads/*', { schema: { hide: true }, config: { public: true } }, async () => {
    throw notFound(DOCUMENT_NOT_FOUND);
  });
};

export default routes;
