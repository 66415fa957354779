import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import accountRoutes from './accountRoutes.js';
import documentRoutes from './documentRoutes.js';
import orderRoutes from './orderRoutes.js';
import settingsRoutes from './settingsRoutes.js';
import teamRoutes from './teamRoutes.js';
import visitorRoutes from './visitorRoutes.js';

/** The old system's calls, by the screens that make them. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(accountRoutes);
  await app.register(orderRoutes);
  await app.register(documentRoutes);
  await app.register(teamRoutes);
  await app.register(settingsRoutes);
  await app.register(visitorRoutes);
};

export default routes;
