import { ORDER_NAMES } from '../queues.js';
import { SLA_STATES } from '../sla.js';
import { PROCESSING_MODES, STATUSES } from '../statuses.js';
import type { FieldDefinition, ResourceDefinition } from './types.js';
import { ordersScreen } from '../screens.js';

const ALL_TABLES = ['orders', 'refunds', 'future'] as const;

/**
 * Orders: the queue tables (one List per queue of domain/queues.ts, the queue a permanent filter) and
 * the order page (Show, its sections in the old system's order, empty fields hidden). One entry per field.
 */
const fields: FieldDefinition[] = [
  // Queue table columns, in the old system's order (Action is added by the table).
  {
    source: 'order_id',
    type: 'id',
    places: ['list', 'show'],
    sortable: true,
    index: 'PRIMARY',
    columnSets: ALL_TABLES,
    section: 'orderDetails',
  },
  {
    source: 'full_name',
    type: 'text',
    places: ['list'],
    sortable: true,
    filter: 'prefix',
    index: 'orders_full_name',
    columnSets: ['orders', 'future'],
  },
  {
    source: 'email',
    type: 'email',
    places: ['list', 'show'],
    sortable: true,
    filter: 'eq',
    index: 'orders_email',
    columnSets: ALL_TABLES,
    section: 'personal',
  },
  { source: 'phone_number', type: 'phone', places: ['list', 'show'], columnSets: ALL_TABLES, section: 'personal' },
  // Answered with the record for the fields above (phone prefix, link of the order page), shown through them.
  { source: 'phone_code', type: 'text', places: [], inListRows: true },
  { source: 'contact_email_address', type: 'email', places: [], inListRows: true },
  { source: 'encodedId', type: 'text', places: [] },
  {
    source: 'created_at',
    type: 'datetime',
    places: ['list', 'filter'],
    sortable: true,
    filter: 'range',
    index: 'orders_created_report',
    columnSets: ALL_TABLES,
  },
  {
    source: 'refund_date',
    type: 'datetime',
    places: ['list'],
    sortable: true,
    index: 'orders_status_refund',
    columnSets: ['refunds'],
  },
  // Live work: age since payment (domain/sla.ts), stopped when the work is done;
  // ascending is youngest first, as the column reads.
  {
    source: 'age_minutes',
    type: 'number',
    column: 'paid_at',
    places: ['list'],
    sortable: true,
    index: 'orders_status_paid',
    columnSets: ['orders'],
  },
  // The SLA clock (api/src/modules/sla): the due time of the policy that applies, a column sorted within a
  // queue (status, due time) that shows the state too, and the state, a filter (state, due time).
  {
    source: 'sla_due_at',
    type: 'datetime',
    places: ['list'],
    sortable: true,
    index: 'orders_status_sla_due',
    columnSets: ['orders'],
  },
  {
    source: 'sla_state',
    type: 'select',
    choices: SLA_STATES,
    places: ['filter'],
    filter: 'eq',
    index: 'orders_sla_state_due',
    inListRows: true,
  },
  // When the work was done: the age stops there.
  { source: 'finished_at', type: 'datetime', places: [], inListRows: true },
  // The order's latest mail bounced: to which address and why, read with a queue's rows and shown
  // under the email; no column of its own.
  { source: 'mail_bounced_to', type: 'email', places: [] },
  { source: 'mail_bounce_reason', type: 'text', places: [] },
  // The version a change names (the stale-write guard); not shown.
  { source: 'version', type: 'number', places: [], inListRows: true },
  {
    source: 'processing_date',
    type: 'date',
    places: ['list', 'filter'],
    sortable: true,
    filter: 'range',
    index: 'orders_status_mode_date',
    columnSets: ['future'],
  },
  { source: 'process_month', type: 'text', places: ['list'], columnSets: ['future'] },
  {
    source: 'process_status',
    type: 'status',
    places: ['list', 'show', 'filter'],
    filter: 'eq',
    index: 'orders_status_id',
    choices: STATUSES,
    columnSets: ALL_TABLES,
    section: 'orderDetails',
  },

  // Filters without a column.
  { source: 'queue', type: 'select', places: [], filter: 'eq', choices: ORDER_NAMES },
  { source: 'q', type: 'text', places: ['filter'], filter: 'eq' },
  {
    source: 'assignee_id',
    type: 'reference',
    reference: 'team-members',
    places: ['filter'],
    filter: 'eq',
    index: 'orders_assignee_status',
    inListRows: true,
  },

  // Order page: Order Details.
  { source: 'application_email', type: 'email', places: ['show'], section: 'orderDetails' },
  {
    source: 'processing_mode',
    type: 'select',
    choices: PROCESSING_MODES,
    places: ['show', 'filter'],
    filter: 'eq',
    index: 'orders_status_mode_date',
    section: 'orderDetails',
    inListRows: true,
  },
  { source: 'assign_to', type: 'text', places: ['show'], section: 'orderDetails', inListRows: true },
  { source: 'transaction_id', type: 'text', places: ['show'], section: 'orderDetails' },
  { source: 'merchant_name', type: 'text', places: ['show'], section: 'orderDetails' },
  // Passport.
  { source: 'last_name', type: 'text', places: ['show'], section: 'passport', inListRows: true },
  { source: 'first_name', type: 'text', places: ['show'], section: 'passport', inListRows: true },
  { source: 'passport_number', type: 'text', places: ['show'], section: 'passport' },
  {
    source: 'nationality',
    type: 'text',
    places: ['show', 'filter'],
    filter: 'eq',
    index: 'orders_nationality',
    section: 'passport',
    inListRows: true,
  },
  // Personal.
  { source: 'date_of_birth', type: 'date', places: ['show'], section: 'personal' },
  { source: 'occupation', type: 'text', places: ['show'], section: 'personal' },
  { source: 'gender', type: 'text', places: ['show'], section: 'personal' },
  { source: 'territory', type: 'text', places: ['show'], section: 'personal' },
  { source: 'state', type: 'text', places: ['show'], section: 'personal' },
  // Arrival.
  { source: 'date_of_arrival', type: 'date', places: ['show'], section: 'arrival' },
  { source: 'arrival_territory', type: 'text', places: ['show'], section: 'arrival' },
  { source: 'purpose_of_travel', type: 'text', places: ['show'], section: 'arrival' },
  { source: 'other_purpose_arrival', type: 'text', places: ['show'], section: 'arrival' },
  { source: 'arrival_mode_of_travel', type: 'text', places: ['show'], section: 'arrival' },
  { source: 'other_mode_arrival', type: 'text', places: ['show'], section: 'arrival' },
  { source: 'arrival_mode_of_transport', type: 'text', places: ['show'], section: 'arrival' },
  { source: 'arrivalflight_and_vehicle_number', type: 'text', places: ['show'], section: 'arrival' },
  // Departure.
  { source: 'date_of_departure', type: 'date', places: ['show'], section: 'departure' },
  { source: 'departure_mode_of_travel', type: 'text', places: ['show'], section: 'departure' },
  { source: 'departure_mode_of_transport', type: 'text', places: ['show'], section: 'departure' },
  { source: 'other_mode_departure', type: 'text', places: ['show'], section: 'departure' },
  { source: 'departureflight_and_vehicle_number', type: 'text', places: ['show'], section: 'departure' },
  // Accommodation.
  { source: 'is_transit', type: 'boolean', places: ['show'], section: 'accommodation' },
  { source: 'accommodation_in_thailand', type: 'text', places: ['show'], section: 'accommodation' },
  { source: 'other_accomodation', type: 'text', places: ['show'], section: 'accommodation' },
  { source: 'province', type: 'text', places: ['show'], section: 'accommodation' },
  { source: 'district_area', type: 'text', places: ['show'], section: 'accommodation' },
  { source: 'sub_district', type: 'text', places: ['show'], section: 'accommodation' },
  { source: 'address', type: 'longtext', places: ['show'], section: 'accommodation' },
  // Health.
  { source: 'yellow_fever', type: 'text', places: ['show'], section: 'health' },
  { source: 'date_of_vaccination', type: 'date', places: ['show'], section: 'health' },
  // Sale and evidence: managers only (purchase IP and user agent are personal data kept for disputes).
  { source: 'amount', type: 'money', places: ['show'], section: 'payment', roles: ['Admin', 'Manager'] },
  { source: 'currency', type: 'text', places: ['show'], section: 'payment', roles: ['Admin', 'Manager'] },
  // Sortable for get-orders-list?sort=paid_at (the time the age counts from).
  {
    source: 'paid_at',
    type: 'datetime',
    places: ['show'],
    sortable: true,
    index: 'orders_status_paid',
    section: 'payment',
    roles: ['Admin', 'Manager'],
    inListRows: true,
  },
  { source: 'purchase_ip', type: 'text', places: ['show'], section: 'payment', roles: ['Admin', 'Manager'] },
  { source: 'landing_domain', type: 'text', places: ['show'], section: 'payment', roles: ['Admin', 'Manager'] },
];

/** Orders: the queues (domain/queues.ts) list them, each with its own link; the order page shows one. */
export const ordersResource: ResourceDefinition = {
  ...ordersScreen,
  table: 'orders',
  idField: 'order_id',
  fields,
  defaultSort: { field: 'order_id', order: 'DESC' },
  sections: [
    { key: 'orderDetails' },
    { key: 'passport' },
    { key: 'personal' },
    { key: 'arrival' },
    { key: 'departure' },
    { key: 'accommodation' },
    { key: 'health' },
    { key: 'payment', collapsed: true },
    // Custom fields an Admin added go here unless they name another section.
    { key: 'additional' },
  ],
  recordRepresentation: 'order_id',
};
