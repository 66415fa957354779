import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/routes.js';
import healthRoutes from './health/routes.js';
import orderRoutes from './orders/routes.js';
import remarkRoutes from './remarks/routes.js';
import teamRoutes from './team/routes.js';
import gatewayRoutes from './gateways/routes.js';
import reportRoutes from './reports/routes.js';
import visitorRoutes from './visitor/routes.js';
import documentRoutes from './documents/routes.js';
import mailRoutes from './mail/routes.js';
import invoiceRoutes from './invoices/routes.js';
import evidenceRoutes from './evidence/routes.js';
import resourceRoutes from './resources/routes.js';
import eventRoutes from './events/routes.js';
import webhookRoutes from './webhooks/routes.js';
import preferenceRoutes from './preferences/routes.js';

/** Every business area's routes, mounted under /api. Adding an area is adding a line here. */
export const moduleRoutes: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  orderRoutes,
  remarkRoutes,
  teamRoutes,
  gatewayRoutes,
  reportRoutes,
  visitorRoutes,
  documentRoutes,
  mailRoutes,
  invoiceRoutes,
  evidenceRoutes,
  webhookRoutes,
  preferenceRoutes,
  eventRoutes,
  resourceRoutes,
];

/** GET /uploads/docs/...: outside /api because SPEC's document links have that path. */
export { default as fileRoutes } from './files/routes.js';
