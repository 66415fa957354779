import type { Role } from '../roles.js';
import type { Status } from '../statuses.js';

/**
 * What Admins configure at run time, as records of /api/order-fields and /api/custom-queues
 * and as one document of /api/configuration/export and import. Kept on the server; the effective
 * registry (effective.ts) is the code's registry with these applied.
 */

/** The types of a custom field, as an Admin picks them. */
export const CUSTOM_FIELD_TYPES = ['text', 'longText', 'number', 'date', 'datetime', 'boolean', 'choice'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** A custom field's key: lower-case letters, digits and underscores, starting with a letter. */
export const FIELD_KEY_PATTERN = '^[a-z][a-z0-9_]{0,63}$';
/** A custom queue's id (its route is custom-<id>): lower-case letters, digits and hyphens. */
export const QUEUE_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,56}$';

export const CONFIGURATION_LIMITS = {
  /** Custom fields kept, removed ones included (their values stay). */
  customFields: 100,
  choices: 200,
  customQueues: 50,
  /** Bytes of a configuration document (import). */
  documentBytes: 1024 * 1024,
  labelLength: 100,
  helpLength: 500,
  choiceLength: 100,
} as const;

/** Longest value of a text or choice field (an indexed VARCHAR(191)); long text takes more. */
export const CUSTOM_TEXT_MAX = 191;
export const CUSTOM_LONG_TEXT_MAX = 10_000;

/**
 * A record of /api/order-fields. For a custom field every property is its own; for a built-in field
 * (`builtIn: true`) type, choices, rules and editRoles are the code's, and label, labelFr, readRoles,
 * columnDefault, section and position are the Admin's overrides (null label: the catalogue's).
 */
export interface OrderFieldRecord {
  id: string;
  label: string | null;
  labelFr: string | null;
  type: CustomFieldType | string;
  choices: string[] | null;
  help: string | null;
  required: boolean;
  /** number: smallest and largest value; text and long text: shortest and longest length. */
  min: number | null;
  max: number | null;
  /** text: a regular expression the whole value must match. */
  pattern: string | null;
  readRoles: Role[];
  editRoles: Role[];
  /** Shown as a column of the queue tables. */
  column: boolean;
  /** The column shows unless a member hides it. */
  columnDefault: boolean;
  filter: boolean;
  sortable: boolean;
  /** Order-page section (a key of the orders resource's sections). */
  section: string;
  position: number;
  builtIn: boolean;
  /** Removed custom fields are hidden everywhere; their values are kept and come back when restored. */
  removed: boolean;
}

/** A record of /api/custom-queues: orders in one of `statuses` that pass `filter` (a list filter). */
export interface CustomQueueRecord {
  id: string;
  name: string;
  statuses: Status[];
  /** In the form of GET /api/orders' filter: `{"processing_mode":"Priority","visa_type":"Business"}`. */
  filter: Record<string, unknown>;
  /** Roles that see and open the queue. */
  roles: Role[];
  /** A Material icon name for the sidebar (optional). */
  icon: string | null;
  position: number;
}

/** GET /api/configuration/export, POST /api/configuration/import. */
export interface ConfigurationDocument {
  version: 1;
  /** Custom fields, and built-in fields with their overrides (builtIn: true). */
  fields: OrderFieldRecord[];
  queues: CustomQueueRecord[];
}

/** What the server keeps: custom fields and built-in overrides, and the custom queues. */
export interface Configuration {
  fields: OrderFieldRecord[];
  queues: CustomQueueRecord[];
}

/** The route, orderName and count field of a custom queue. */
export const customQueueName = (id: string) => `custom-${id}`;
