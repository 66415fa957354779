import type { Permission, Role } from '../roles.js';
import type { QueueDefinition } from '../queues.js';

/**
 * The registry of resources and fields: one description per resource that the API's generic
 * resource handler (sort, range, filter, role checks, field visibility) and the admin's views
 * (columns, order-page sections, filters, forms) are both generated from. Adding a column, an
 * order-page field, a filter or a sortable column is one entry here, plus its catalogue text.
 */

/** How a value reads and which input edits it. */
export type FieldType =
  | 'id'
  | 'text'
  | 'longtext'
  | 'email'
  | 'phone'
  | 'date' // calendar date, YYYY-MM-DD
  | 'datetime' // UTC instant
  | 'number'
  | 'money'
  | 'boolean'
  | 'status' // an order status (domain/statuses.ts)
  | 'select' // one of `choices`
  | 'reference' // the id of a record of `reference`
  | 'password'; // write-only: never read back, never listed

/** Where a field appears in the admin. */
export type Place = 'list' | 'show' | 'form' | 'filter';

/** How the API filters by a field; the filter keys are derived from the field's source. */
export type FilterKind =
  | 'eq' // filter={"source": value} (or a list of values: IN)
  | 'range' // filter={"source_gte": a, "source_lte": b}
  | 'prefix'; // filter={"source": "abc"} matches values starting with abc (an index range, never %x%)

/** The rules a field's value is checked against; each may name its own message. */
export type ValidationRule = 'required' | 'minLength' | 'maxLength' | 'email' | 'pattern';

export interface FieldValidation {
  /** true: on create and update; 'create': only when adding (a password an edit may leave empty to keep). */
  required?: boolean | 'create';
  minLength?: number;
  maxLength?: number;
  email?: boolean;
  /** A regular expression source the whole value must match. */
  pattern?: string;
  /** Numbers: the smallest and largest value allowed. */
  min?: number;
  max?: number;
  /** Key of MESSAGES (domain/messages.ts, the old system's wording) shown when a rule fails. */
  message?: string;
  /** Keys of MESSAGES for single rules, where the old system words them apart from `message` (empty vs malformed email). */
  messages?: Partial<Record<ValidationRule, string>>;
}

export interface FieldDefinition {
  /** Property of the API's answer (and, unless `column` says otherwise, the SQL column). */
  source: string;
  type: FieldType;
  /** SQL column or expression name when it differs from `source`. */
  column?: string;
  /** Catalogue key of its label; default `resources.<resource>.fields.<source>`. */
  label?: string;
  /** Where the admin shows it. */
  places: readonly Place[];
  /** The API accepts sort=["<source>", ...] and the list header sorts. */
  sortable?: boolean;
  /** The API accepts a filter on it, and the admin shows a filter input when `places` has 'filter'. */
  filter?: FilterKind;
  /**
   * The database index that serves this field's sort or filter (required when `sortable` or `filter` is set
   * on a stored column; a test checks that it exists on SQLite and MySQL).
   */
  index?: string;
  validate?: FieldValidation;
  /** Roles that may read it; absent: every role that may read the resource. Enforced by the API. */
  roles?: readonly Role[];
  /** Values of a 'select'. */
  choices?: readonly string[];
  /** Resource of a 'reference'. */
  reference?: string;
  /** Orders only: the queue table kinds that show it as a column (domain/queues.ts `columns`). */
  columnSets?: ReadonlyArray<QueueDefinition['columns']>;
  /** Orders only: the order-page section that shows it (see ResourceDefinition.sections). */
  section?: string;
  /**
   * Orders only: read with every list row though it is no column of its own (a column or a row action
   * shows it, or the age needs it). The list rows carry the stored fields placed in 'list' and these.
   */
  inListRows?: boolean;
  /** A custom field an Admin added at run time: its values live in order_values. */
  custom?: boolean;
  /** The label an Admin wrote (a custom field, or an overridden built-in); absent: the catalogue's. */
  labelText?: { en: string; fr?: string | null };
  /** A line of help under the field's input. */
  help?: string;
  /** Roles that may change its value on the order page (PUT /api/orders/{id}); absent: nobody. */
  editRoles?: readonly Role[];
  /** Place on the order page within its section, lower first; absent: after those with one, as listed. */
  position?: number;
  /** A queue column members see only once they turn it on. */
  hiddenByDefault?: boolean;
}

export interface ResourceSection {
  /** Key of the section; its title is `resources.<resource>.sections.<key>`. */
  key: string;
  /** Closed by default on the order page (a role layout may change it). */
  collapsed?: boolean;
}

/** What each verb needs; a verb left out is not served. */
export interface ResourcePermissions {
  list?: Permission;
  show?: Permission;
  create?: Permission;
  update?: Permission;
  delete?: Permission;
}

/** The sidebar's groups of screens, in the order they follow the queues. */
export const MENU_GROUPS = [
  'disputes',
  'reports',
  'invoices',
  'team',
  'settings',
  'account',
  'audit',
  'configuration',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** The icons a screen's link may have: the admin imports these and no others (admin/src/layout/menuIcons.ts). */
export type MenuIcon =
  'gavel' | 'public' | 'assignment' | 'timer' | 'receipt' | 'group' | 'payment' | 'lock' | 'history' | 'view-week';

/** A screen's link in the sidebar: after the queues, group by group, in the order SCREENS lists them. */
export interface MenuEntry {
  group: MenuGroup;
  icon: MenuIcon;
  /** English text of the link; the catalogues translate it under `resources.<name>.menu`. */
  label: string;
  /** A count beside the label, read by the sidebar (the dispute desk's Disputes due). */
  count?: 'disputesDue';
}

/**
 * What the admin needs of a screen before any of its code loads: its name (the API's and the admin's
 * `<Resource>`, both), what each verb needs, and its sidebar link. A registry resource with a screen starts
 * with one (its fields follow); a screen that no registry resource describes (a form, a configuration area) is
 * only this. The access rule, the `<Resource>` and the menu are all read from it (domain/src/screens.ts).
 */
export interface ScreenDeclaration {
  name: string;
  permissions: ResourcePermissions;
  menu?: MenuEntry;
  /** A screen that lists another resource's records, with a filter every list of it carries (Disputes due). */
  listOf?: { resource: string; filter: Readonly<Record<string, string>> };
}

export interface ResourceDefinition extends Omit<ScreenDeclaration, 'listOf'> {
  /**
   * The table its lists are read from in SQL, which the index check reads (api/src/db/registryIndexes.ts), and
   * which the API reads the resource from when no module serves it. null: the rows are few and paged in
   * memory, or are totals summed per request, so no index serves a sort.
   */
  table: string | null;
  /** Property that is the record's id in answers (react-admin's `id`). */
  idField: string;
  fields: readonly FieldDefinition[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Filters a list must always carry (e.g. order_id for histories). */
  requiredFilters?: readonly string[];
  /** Show-page sections in order. */
  sections?: readonly ResourceSection[];
  /** Field whose value names a record (react-admin's recordRepresentation). */
  recordRepresentation?: string;
}

/** The verbs of ra-data-simple-rest: list and one are GET, create POST, update PUT, delete DELETE. */
export type Verb = keyof ResourcePermissions;
export const VERBS: readonly Verb[] = ['list', 'show', 'create', 'update', 'delete'];

/**
 * A resource as one role sees it (GET /api/admin/registry): the verbs the role may use instead of
 * their permissions, and only the fields the role may read.
 */
export interface ResourceView extends Omit<ResourceDefinition, 'permissions' | 'table'> {
  verbs: Verb[];
}

/** The registry the API serves and the admin registers: resources by name. */
export type Registry = Readonly<Record<string, ResourceDefinition>>;
