import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/routes.js';
import healthRoutes from './health/routes.js';

/** Every business area's routes, mounted under /api. Adding an area is adding a line here. */
export const moduleRoutes: FastifyPluginAsync[] = [healthRoutes, authRoutes];
