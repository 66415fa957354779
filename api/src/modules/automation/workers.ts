import type { FastifyInstance } from 'fastify';
import { createWebhookWorker } from './webhooks.js';

/** How often the time rules' scheduler makes a pass. */
const TIME_RULES_EVERY_MS = 60_000;

/**
 * Automation's workers in the API process (the first one of a cluster, as the mail worker): a pass of
 * the time rules every minute, and the webhook outbox. Any number may run at once: firings and claims
 * keep them apart. Stopped, each finishing what it does, when the app closes.
 */
export function startAutomationWorkers(app: FastifyInstance) {
  const webhooks = createWebhookWorker({ db: app.db, config: app.config, clock: app.clock, log: app.log });
  let pass: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    pass = pass
      .then(() => app.automation.runDueRules())
      .catch((error: unknown) => app.log.error({ err: error }, 'time rules pass failed'));
  }, TIME_RULES_EVERY_MS);
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await pass;
    await webhooks.stop();
  });
  webhooks.start();
}
