import type { FastifyInstance } from 'fastify';

/** How often the SLA worker makes a pass. */
const SLA_PASS_EVERY_MS = 60_000;

/**
 * The SLA worker in the API process (with automation's workers: the first process of a cluster): a
 * pass a minute over the orders due a step. Any number may run at once: each step locks its order and
 * skips one no longer due. Stopped, finishing its pass, when the app closes.
 */
export function startSlaWorker(app: FastifyInstance) {
  let pass: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    pass = pass
      .then(() => app.sla.runDueClocks())
      .catch((error: unknown) => app.log.error({ err: error }, 'SLA pass failed'));
  }, SLA_PASS_EVERY_MS);
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await pass;
  });
}
