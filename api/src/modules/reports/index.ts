import fp from 'fastify-plugin';
import * as reportsService from './service.js';
import { countryReportRepository, processedByReportRepository } from './resource.js';

declare module 'fastify' {
  interface FastifyInstance {
    reportsService: typeof reportsService;
  }
}

/** Reports: by country and by who processed (resources `country-report`, `processed-by-report`). */
export default fp(
  async (app) => {
    app.decorate('reportsService', reportsService);
    app.serveResource('country-report', countryReportRepository);
    app.serveResource('processed-by-report', processedByReportRepository);
  },
  { name: 'reports', dependencies: ['resources'] },
);
