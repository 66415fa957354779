import fp from 'fastify-plugin';
import routes from './routes.js';
import * as automationService from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Automation's worker pass and, for tests, a wait for the event rules started so far. */
    automation: {
      runDueRules(): Promise<number>;
      settled(): Promise<void>;
    };
  }
}

/** Automation: rules (on events after a change commits, and on time), macros, and the log of their runs. */
export default fp(
  async (app) => {
    const events = automationService.followChanges(app);
    app.decorate('automation', { runDueRules: () => automationService.runDueRules(app), settled: events.settled });
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'automation', dependencies: ['orders', 'webhooks'] },
);
