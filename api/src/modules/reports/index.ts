import fp from 'fastify-plugin';
import * as reportsService from './service.js';
import { countryReportRepository, processedByReportRepository } from './resource.js';
import { startRollupWorker } from './rollupWorker.js';

declare module 'fastify' {
  interface FastifyInstance {
    reportsService: typeof reportsService;
  }
}

/**
 * Reports: by country and by who processed (resources `country-report`, `processed-by-report`), and the
 * worker that keeps their totals in every process.
 */
export default fp(
  async (app) => {
    app.decorate('reportsService', reportsService);
    startRollupWorker(app);
    app.serveResource('country-report', countryReportRepository);
    app.serveResource('processed-by-report', processedByReportRepository);
  },
  { name: 'reports', dependencies: ['resources'] },
);
