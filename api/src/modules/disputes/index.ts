import fp from 'fastify-plugin';
import * as disputesService from './service.js';
import { disputeReportRepository, disputesRepository } from './resource.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    disputesService: typeof disputesService;
  }
}

/** How often each process runs the deadline pass (notices and expiry); each pass is safe in parallel. */
const DEADLINE_PASS_MS = 60_000;

/** The dispute desk: disputes (resource `disputes`), their evidence, Stripe's webhook, the report and the deadlines. */
export default fp(
  async (app) => {
    app.decorate('disputesService', disputesService);
    app.serveResource('disputes', disputesRepository);
    app.serveResource('dispute-report', disputeReportRepository);
    await app.register(routes, { prefix: '/api' });
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        disputesService
          .runDisputeDeadlines(app)
          .catch((error: unknown) => app.log.warn({ err: error }, 'dispute deadline pass failed'));
      }, DEADLINE_PASS_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'disputes', dependencies: ['resources'] },
);
