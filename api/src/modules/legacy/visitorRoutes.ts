import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http.js';
import { downloadRateLimit, trackRateLimit } from '../../plugins/publicRateLimits.js';
import { describeClient, downloadPage, requestDownload, trackOrder } from '../visitor/service.js';
import {
  DownloadAnswer,
  DownloadBody,
  DownloadHistoryAnswer,
  DownloadHistoryBody,
  TrackOrderAnswer,
  TrackOrderBody,
} from './schemas.js';

/** The visitor calls of the old system: public, rate limited per IP, the later two need the visitor token. */
const visitorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/front/track-order',
    {
      schema: { tags: ['visitor'], body: TrackOrderBody, security: [], response: TrackOrderAnswer },
      config: { public: true, rateLimit: trackRateLimit(app.config) },
    },
    async (request) => ok('Order found.', await trackOrder(app, request.body.orderId, request.body.email)),
  );

  app.post(
    '/front/get-download-history',
    {
      schema: { tags: ['visitor'], body: DownloadHistoryBody, security: [], response: DownloadHistoryAnswer },
      config: { public: true, rateLimit: downloadRateLimit(app.config) },
    },
    async (request) => ({
      status: 1,
      message: 'Download history.',
      ...(await downloadPage(app, request.body.orderId, request.body.token)),
    }),
  );

  app.post(
    '/front/download-passport-doc-pdf',
    {
      schema: { tags: ['visitor'], body: DownloadBody, security: [], response: DownloadAnswer },
      config: { public: true, rateLimit: downloadRateLimit(app.config) },
    },
    async (request) =>
      ok('Your download will start shortly.', await requestDownload(app, request.body, await describeClient(request))),
  );
};

export default visitorRoutes;
