import fp from 'fastify-plugin';
import routes from './routes.js';
import * as slaService from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SLA worker's pass (the worker runs one a minute; tests call it with a ManualClock). */
    sla: { runDueClocks(): Promise<number> };
  }
}

/** SLA: policies, the clock every order change keeps, the worker that moves states on, and the report. */
export default fp(
  async (app) => {
    slaService.followOrderWrites(app);
    app.decorate('sla', { runDueClocks: () => slaService.runDueClocks(app) });
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'sla', dependencies: ['orders', 'automation'] },
);
