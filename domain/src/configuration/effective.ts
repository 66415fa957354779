import { ASSIGN_ACTION, DELETE_ACTION, ORDER_NAMES, type QueueDefinition } from '../queues.js';
import { ROLES, type Role } from '../roles.js';
import type { FieldDefinition, FieldType, FilterKind, Registry, ResourceDefinition } from '../registry/types.js';
import {
  customQueueName,
  type Configuration,
  type CustomFieldType,
  type CustomQueueRecord,
  type OrderFieldRecord,
} from './types.js';

/**
 * The registry as it stands with an Admin's configuration: the code's orders fields with
 * their overrides, the custom fields after them, and the custom queues as queues. The API serves and
 * checks against this, and the admin draws its screens from it; nothing else reads the configuration.
 */

/** How a custom field's type reads in the registry, filters and is stored (index of migration 017). */
const CUSTOM_TYPES: Record<CustomFieldType, { type: FieldType; filter?: FilterKind; index?: string }> = {
  text: { type: 'text', filter: 'prefix', index: 'order_values_text' },
  longText: { type: 'longtext' },
  number: { type: 'number', filter: 'range', index: 'order_values_number' },
  date: { type: 'date', filter: 'range', index: 'order_values_text' },
  datetime: { type: 'datetime', filter: 'range', index: 'order_values_text' },
  boolean: { type: 'boolean', filter: 'eq', index: 'order_values_number' },
  choice: { type: 'select', filter: 'eq', index: 'order_values_text' },
};

const TYPE_OF_FIELD = new Map(
  (Object.entries(CUSTOM_TYPES) as Array<[CustomFieldType, { type: FieldType }]>).map(([custom, { type }]) => [
    type,
    custom,
  ]),
);

/** The type an Admin gave a custom field, read back from its registry entry. */
export const customTypeOf = (field: FieldDefinition): CustomFieldType => TYPE_OF_FIELD.get(field.type) ?? 'text';

/** Where custom fields go on the order page unless they name another section. */
export const DEFAULT_CUSTOM_SECTION = 'additional';

const ALL_TABLES = ['orders', 'refunds', 'future'] as const;

/**
 * Built-in fields the code acts on, which no override may hide from the roles that act on them, and
 * why (the form shows it).
 */
export const LOCKED_FIELDS: Readonly<Record<string, { roles: readonly Role[]; reason: string }>> = {
  order_id: { roles: ROLES, reason: 'Every role opens, moves and mails orders by their order id.' },
  process_status: { roles: ROLES, reason: 'Every role moves orders between statuses, so every role must see it.' },
  email: {
    roles: ROLES,
    reason: 'The email is where the document is mailed and the proof a chargeback defence rests on.',
  },
};

/** The built-in orders fields an Admin may override: those shown as a column or on the order page. */
export const overridableFields = (orders: ResourceDefinition): FieldDefinition[] =>
  orders.fields.filter((f) => !f.custom && (f.places.includes('list') || f.places.includes('show')));

/** A built-in field as a record of /api/order-fields: the code's values, with an override applied. */
export function builtInFieldRecord(
  field: FieldDefinition,
  position: number,
  override?: OrderFieldRecord,
): OrderFieldRecord {
  const defaults: OrderFieldRecord = {
    id: field.source,
    label: null,
    labelFr: null,
    type: field.type,
    choices: field.choices ? [...field.choices] : null,
    help: null,
    required: field.validate?.required === true,
    min: null,
    max: null,
    pattern: null,
    readRoles: [...(field.roles ?? ROLES)],
    editRoles: [],
    column: field.places.includes('list'),
    columnDefault: !field.hiddenByDefault,
    filter: !!field.filter,
    sortable: !!field.sortable,
    section: field.section ?? '',
    position,
    builtIn: true,
    removed: false,
  };
  if (!override) return defaults;
  const { label, labelFr, readRoles, columnDefault, section, position: at } = override;
  return { ...defaults, label, labelFr, readRoles, columnDefault, section, position: at };
}

/** A built-in field with an Admin's override: label, readers, default column, section and position. */
function overridden(field: FieldDefinition, override: OrderFieldRecord): FieldDefinition {
  const readRoles = override.readRoles.length === ROLES.length ? undefined : override.readRoles;
  return {
    ...field,
    labelText: override.label ? { en: override.label, fr: override.labelFr } : undefined,
    roles: readRoles,
    hiddenByDefault: !override.columnDefault || undefined,
    section: field.section && override.section ? override.section : field.section,
    position: override.position,
  };
}

/** A custom field as the registry describes it. */
export function customFieldDefinition(record: OrderFieldRecord): FieldDefinition {
  const { type, filter, index } = CUSTOM_TYPES[record.type as CustomFieldType];
  const text = record.type === 'text' || record.type === 'longText';
  return {
    source: record.id,
    type,
    custom: true,
    labelText: { en: record.label ?? record.id, fr: record.labelFr },
    help: record.help ?? undefined,
    places: [
      'show',
      ...(record.column ? (['list'] as const) : []),
      ...(record.filter && filter ? (['filter'] as const) : []),
    ],
    sortable: record.sortable && !!index,
    filter: record.filter ? filter : undefined,
    index: (record.filter || record.sortable) && index ? index : undefined,
    choices: record.type === 'choice' ? (record.choices ?? []) : undefined,
    validate: {
      required: record.required || undefined,
      minLength: text && record.min !== null ? record.min : undefined,
      maxLength: text && record.max !== null ? record.max : undefined,
      min: record.type === 'number' && record.min !== null ? record.min : undefined,
      max: record.type === 'number' && record.max !== null ? record.max : undefined,
      pattern: record.type === 'text' && record.pattern ? record.pattern : undefined,
    },
    roles: record.readRoles.length === ROLES.length ? undefined : record.readRoles,
    editRoles: record.editRoles,
    columnSets: record.column ? ALL_TABLES : undefined,
    section: record.section || DEFAULT_CUSTOM_SECTION,
    position: record.position,
    hiddenByDefault: (record.column && !record.columnDefault) || undefined,
  };
}

/** A custom queue as a queue: a List like the built-in ones, in the sidebar and on the dashboard. */
export function customQueueDefinition(record: CustomQueueRecord): QueueDefinition {
  const name = customQueueName(record.id);
  return {
    route: name,
    orderName: name,
    countField: name,
    label: record.name,
    placement: 'sidebar',
    filter: { statusIn: [...record.statuses] },
    columns: 'orders',
    description: record.name,
    roles: record.roles,
    custom: { listFilter: record.filter, icon: record.icon, position: record.position },
    actions: [DELETE_ACTION, ASSIGN_ACTION],
  };
}

/** The custom queues as queues, in their order. */
export const customQueuesOf = (configuration: Configuration): QueueDefinition[] =>
  [...configuration.queues]
    .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1))
    .map(customQueueDefinition);

/** The registry with the configuration applied (the base registry when it has no orders resource). */
export function effectiveRegistry(base: Registry, configuration: Configuration): Registry {
  const orders = base.orders;
  if (!orders) return base;
  const overrides = new Map(configuration.fields.filter((f) => f.builtIn).map((f) => [f.id, f]));
  const queueNames = [...ORDER_NAMES, ...configuration.queues.map((q) => customQueueName(q.id))];
  const fields = orders.fields.map((field) => {
    if (field.source === 'queue') return { ...field, choices: queueNames };
    const override = overrides.get(field.source);
    return override ? overridden(field, override) : field;
  });
  // In their position's order, as the order page shows them: the queue tables' custom columns follow it.
  const custom = configuration.fields
    .filter((f) => !f.builtIn && !f.removed)
    .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1))
    .map(customFieldDefinition);
  return { ...base, orders: { ...orders, fields: [...fields, ...custom] } };
}
