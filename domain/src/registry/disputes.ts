import { DISPUTE_CATEGORIES, DISPUTE_NETWORKS, DISPUTE_STATUSES } from '../disputes.js';
import type { ResourceDefinition } from './types.js';
import { disputeReportScreen, disputesScreen } from '../screens.js';

/**
 * The dispute desk: one record per chargeback (an order may have several over time; one a gateway
 * reported for a payment we cannot find has no order until a Manager matches it).
 */
export const disputesResource: ResourceDefinition = {
  ...disputesScreen,
  table: 'disputes',
  idField: 'id',
  fields: [
    { source: 'id', section: 'dispute', type: 'id', places: ['list', 'show'], sortable: true, index: 'PRIMARY' },
    {
      source: 'orderId',
      section: 'dispute',
      column: 'order_id',
      type: 'reference',
      reference: 'orders',
      places: ['list', 'show', 'form', 'filter'],
      filter: 'eq',
      index: 'disputes_order_id',
      // Opened by hand on an order; only a gateway's webhook keeps one without (unmatched).
      validate: { required: 'create' },
    },
    {
      source: 'gateway',
      section: 'payment',
      type: 'text',
      places: ['list', 'show', 'form'],
      validate: { maxLength: 64 },
    },
    {
      source: 'network',
      section: 'dispute',
      type: 'select',
      choices: DISPUTE_NETWORKS,
      places: ['list', 'show', 'form', 'filter'],
      filter: 'eq',
      index: 'disputes_network_opened_at',
      validate: { required: 'create' },
    },
    {
      source: 'reasonCode',
      section: 'dispute',
      column: 'reason_code',
      type: 'text',
      places: ['list', 'show', 'form'],
      validate: { required: 'create', maxLength: 32 },
    },
    {
      source: 'reasonCategory',
      section: 'dispute',
      column: 'reason_category',
      type: 'select',
      choices: DISPUTE_CATEGORIES,
      places: ['list', 'show', 'form', 'filter'],
      filter: 'eq',
      index: 'disputes_category_opened_at',
    },
    {
      source: 'amount',
      section: 'dispute',
      type: 'money',
      places: ['list', 'show', 'form'],
      validate: { required: 'create' },
    },
    {
      source: 'currency',
      section: 'dispute',
      type: 'text',
      places: ['list', 'show', 'form'],
      validate: { pattern: '^[A-Z]{3}$' },
    },
    {
      source: 'openedAt',
      section: 'deadline',
      column: 'opened_at',
      type: 'datetime',
      places: ['list', 'show', 'filter'],
      sortable: true,
      filter: 'range',
      index: 'disputes_report',
    },
    {
      source: 'dueBy',
      section: 'deadline',
      column: 'due_by',
      type: 'datetime',
      places: ['list', 'show', 'form', 'filter'],
      sortable: true,
      filter: 'range',
      index: 'disputes_status_due_by',
    },
    { source: 'daysLeft', section: 'deadline', type: 'number', places: ['list', 'show'] },
    {
      source: 'status',
      section: 'deadline',
      type: 'select',
      choices: DISPUTE_STATUSES,
      places: ['list', 'show', 'form', 'filter'],
      filter: 'eq',
      index: 'disputes_status_due_by',
    },
    { source: 'submittedAt', section: 'deadline', column: 'submitted_at', type: 'datetime', places: ['show'] },
    { source: 'outcomeAt', section: 'deadline', column: 'outcome_at', type: 'datetime', places: ['show'] },
    { source: 'notes', section: 'deadline', type: 'longtext', places: ['show', 'form'], validate: { maxLength: 5000 } },
    /** The payment the gateway named (its charge or payment intent): how an unmatched dispute is matched. */
    { source: 'chargeRef', section: 'payment', column: 'charge_ref', type: 'text', places: ['show'] },
    { source: 'externalId', section: 'payment', column: 'external_id', type: 'text', places: ['show'] },
    /** The Defence Pack that fits the category (1: downloads, 2: mail delivery). */
    { source: 'pack', section: 'payment', type: 'number', places: ['show'] },
  ],
  defaultSort: { field: 'id', order: 'DESC' },
  sections: [{ key: 'dispute' }, { key: 'deadline' }, { key: 'payment' }],
  recordRepresentation: 'id',
};

/** The dispute report: opened, won, lost, expired and amounts per group over a period. */
export const disputeReportResource: ResourceDefinition = {
  ...disputeReportScreen,
  table: null,
  // One row per group and currency (`<group> <currency>`): amounts are never added across currencies.
  idField: 'id',
  fields: [
    { source: 'group', type: 'text', places: ['list'], sortable: true },
    { source: 'currency', type: 'text', places: ['list'], sortable: true },
    { source: 'opened', type: 'number', places: ['list'], sortable: true },
    { source: 'won', type: 'number', places: ['list'], sortable: true },
    { source: 'lost', type: 'number', places: ['list'], sortable: true },
    { source: 'expired', type: 'number', places: ['list'], sortable: true },
    { source: 'accepted', type: 'number', places: ['list'], sortable: true },
    { source: 'open', type: 'number', places: ['list'], sortable: true },
    { source: 'amount', type: 'money', places: ['list'], sortable: true },
    { source: 'amountLost', type: 'money', places: ['list'], sortable: true },
    { source: 'winRate', type: 'number', places: ['list'], sortable: true },
    { source: 'from', type: 'date', places: ['filter'], filter: 'eq' },
    { source: 'to', type: 'date', places: ['filter'], filter: 'eq' },
    {
      source: 'groupBy',
      type: 'select',
      choices: ['month', 'gateway', 'network', 'reasonCode', 'nationality', 'evidence'],
      places: ['filter'],
      filter: 'eq',
    },
  ],
  defaultSort: { field: 'group', order: 'ASC' },
  requiredFilters: ['from', 'to', 'groupBy'],
};
