import type { FastifyPluginAsync } from 'fastify';
import configuration from './configuration/index.js';
import resources, { tableResources } from './resources/index.js';
import health from './health/index.js';
import audit from './audit/index.js';
import auth from './auth/index.js';
import orders from './orders/index.js';
import remarks from './remarks/index.js';
import team from './team/index.js';
import gateways from './gateways/index.js';
import reports from './reports/index.js';
import visitor from './visitor/index.js';
import documents from './documents/index.js';
import mail from './mail/index.js';
import invoices from './invoices/index.js';
import evidence from './evidence/index.js';
import webhooks from './webhooks/index.js';
import preferences from './preferences/index.js';
import events from './events/index.js';
import files from './files/index.js';
import search from './search/index.js';
import notifications from './notifications/index.js';
import disputes from './disputes/index.js';
import automation from './automation/index.js';
import privacy from './privacy/index.js';
import sla from './sla/index.js';
import legacy from './legacy/index.js';

/**
 * Every business area, each a Fastify plugin (its index.ts) that registers its routes, serves its
 * resources and decorates its service; `configuration` first, since the registry every other one reads
 * is the one it makes (app.registry), then `resources`, since the others serve theirs through it.
 * Between modules only a service is used: another module imports `<module>/service.ts`; what may
 * import no module (plugins, db, storage, core) calls its decoration, e.g. `app.authService`.
 * `legacy` after the areas: the old system's calls, translated into the other areas' services.
 * Adding an area is adding a line here; a read-only resource needs no area (`tableResources` serves it).
 */
export const modules: FastifyPluginAsync[] = [
  configuration,
  resources,
  health,
  audit,
  auth,
  orders,
  remarks,
  team,
  gateways,
  reports,
  visitor,
  documents,
  mail,
  invoices,
  evidence,
  webhooks,
  preferences,
  events,
  files,
  search,
  notifications,
  disputes,
  automation,
  privacy,
  sla,
  legacy,
  // Last: the registry's resources with a table that none of the above served, read from their tables.
  tableResources,
];
