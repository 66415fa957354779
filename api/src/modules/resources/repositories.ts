import { auditEventsRepository } from '../audit/resource.js';
import { documentsRepository } from '../documents/resource.js';
import { gatewaysRepository } from '../gateways/resource.js';
import { mailsRepository } from '../mail/resource.js';
import { ordersRepository } from '../orders/resource.js';
import { remarksRepository } from '../remarks/resource.js';
import { countryReportRepository, processedByReportRepository } from '../reports/resource.js';
import { teamMembersRepository } from '../team/resource.js';
import { downloadsRepository } from '../visitor/resource.js';
import type { ResourceRepository } from './types.js';

/**
 * How each resource of the registry reads and writes, by name: adding a resource is its description
 * (domain/src/registry) plus its repository here, each from the module that owns the data.
 */
export const REPOSITORIES: Readonly<Record<string, ResourceRepository>> = {
  orders: ordersRepository,
  'team-members': teamMembersRepository,
  gateways: gatewaysRepository,
  remarks: remarksRepository,
  mails: mailsRepository,
  downloads: downloadsRepository,
  documents: documentsRepository,
  'audit-events': auditEventsRepository,
  'country-report': countryReportRepository,
  'processed-by-report': processedByReportRepository,
};
