import { can, type Role } from '../roles.js';
import type { FieldDefinition, Registry, ResourceView } from './types.js';
import { VERBS } from './types.js';
import { ordersResource } from './orders.js';
import { teamMembersResource } from './team-members.js';
import { gatewaysResource } from './gateways.js';
import { remarksResource } from './remarks.js';
import { mailsResource } from './mails.js';
import { downloadsResource } from './downloads.js';
import { documentsResource } from './documents.js';
import { auditEventsResource } from './audit-events.js';
import { mailTemplatesResource } from './mail-templates.js';
import { countryReportResource, processedByReportResource } from './reports.js';
import { disputeReportResource, disputesResource } from './disputes.js';

export * from './types.js';
export { MAIL_STATES } from './mails.js';
// Each alone too: the admin names a record by its resource's recordRepresentation without taking the whole map.
export { ordersResource, teamMembersResource };

/** Every resource the API serves in ra-data-simple-rest's conventions and the admin registers, by name. */
export const RESOURCES: Registry = Object.fromEntries(
  [
    ordersResource,
    teamMembersResource,
    gatewaysResource,
    remarksResource,
    mailsResource,
    downloadsResource,
    documentsResource,
    auditEventsResource,
    countryReportResource,
    processedByReportResource,
    mailTemplatesResource,
    disputesResource,
    disputeReportResource,
  ].map((resource) => [resource.name, resource]),
);

/** Whether a role may read a field's value: listed in its roles (if any), and never a password. */
export const mayReadField = (field: FieldDefinition, role: Role): boolean =>
  field.type !== 'password' && (!field.roles || field.roles.includes(role));

/** A field's English label where no catalogue is at hand (a CSV header, a refusal): the Admin's, else its key in words. */
export const englishLabel = (field: Pick<FieldDefinition, 'labelText' | 'source'>): string =>
  field.labelText?.en ?? field.source.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Names in words: "Team", "Team and Telecaller", "Team, Telecaller and Night Staff". */
export const inWords = (names: readonly string[]): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * The registry as one role sees it: the resources it may list or open, each with the verbs it may
 * use and only the fields it may read (write-only fields stay for forms when it may write).
 */
export function registryForRole(registry: Registry, role: Role): ResourceView[] {
  // The table is the API's business: a screen reads records, not tables.
  return Object.values(registry).flatMap(({ permissions, fields, table: _table, ...resource }) => {
    const verbs = VERBS.filter((verb) => permissions[verb] && can(role, permissions[verb]));
    if (!verbs.includes('list') && !verbs.includes('show')) return [];
    const writes = verbs.includes('create') || verbs.includes('update');
    const visible = fields.filter((f) => (!f.roles || f.roles.includes(role)) && (f.type !== 'password' || writes));
    return [{ ...resource, verbs, fields: visible }];
  });
}
