import type { ResourceDefinition } from './types.js';
import { auditEventsScreen } from '../screens.js';

/** What the audit log records (docs/product.md#audit-log). */
export const AUDIT_ACTIONS = [
  'assign',
  'unassign',
  'move',
  'delete',
  'refund',
  'upload',
  'mail',
  'invoice',
  'gateway',
  'download',
  'transaction-details',
  'comment',
  'restore',
  // Team changes (the member is named in the detail; a password is never recorded, only that it changed).
  'member-add',
  'member-edit',
  'member-role',
  'member-password',
  'member-delete',
  'password-change',
  // A custom field's value changed (detail {field, from, to}); an Admin changed the configuration
  // (order_id null; detail {id, before, after}: a field, a custom queue, or a whole imported document).
  'field',
  'config-field',
  'config-queue',
  'config-import',
  // An Admin added, saved, restored or removed a mail template (detail {id, key, language, brand, version}).
  'config-mail-template',
  // A dispute opened, matched to an order or moved (detail {disputeId}; from and to its statuses), and
  // an evidence item added to one (to: the item).
  'dispute',
  'dispute-evidence',
  // Personal data: the retention setting changed (from and to: days), a retention run (detail: its counts), a
  // customer's data exported or erased by command (detail: order ids and counts).
  'retention-settings',
  'retention',
  'privacy-export',
  'privacy-erase',
] as const;

/** The Audit Log: who did what to which order, when, from and to. Read-only. */
export const auditEventsResource: ResourceDefinition = {
  ...auditEventsScreen,
  table: 'audit_events',
  idField: 'id',
  fields: [
    { source: 'id', type: 'id', places: [], sortable: true, index: 'PRIMARY' },
    {
      source: 'created_at',
      type: 'datetime',
      places: ['list', 'filter'],
      sortable: true,
      filter: 'range',
      index: 'audit_events_created_at_index',
    },
    {
      source: 'member_id',
      type: 'reference',
      reference: 'team-members',
      places: ['filter'],
      filter: 'eq',
      index: 'audit_events_member',
    },
    { source: 'member_name', type: 'text', places: ['list'] },
    {
      source: 'action',
      type: 'select',
      choices: AUDIT_ACTIONS,
      places: ['list', 'filter'],
      filter: 'eq',
      index: 'audit_events_action',
    },
    {
      source: 'order_id',
      type: 'reference',
      reference: 'orders',
      places: ['list', 'filter'],
      filter: 'eq',
      index: 'audit_events_order_id_id_index',
    },
    { source: 'from_value', type: 'text', places: ['list'] },
    { source: 'to_value', type: 'text', places: ['list'] },
    { source: 'detail', type: 'text', places: ['list'] },
  ],
  defaultSort: { field: 'id', order: 'DESC' },
};
