import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  builtInFieldRecord,
  checkConfiguration,
  MAX_PROBLEMS,
  customQueuesOf,
  effectiveRegistry,
  listFilterKeys,
  LOCKED_FIELDS,
  normalizeFieldRecord,
  overridableFields,
  type Configuration,
  type ConfigurationDocument,
  type ConfigurationProblem,
  CUSTOM_FIELD_TYPES,
  type CustomFieldType,
  type CustomQueueRecord,
  type FieldDefinition,
  type OrderFieldRecord,
  type QueueDefinition,
  type Registry,
  type ResourceDefinition,
} from '@app/domain';
import { badRequest, HttpError, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { withTransactionRetry } from '../../db/retry.js';
import { recordAudit, type AuditEvent } from '../audit/service.js';
import { publishConfigurationChanged } from '../events/service.js';
import {
  byId,
  convertValues,
  countBreakingRules,
  countUnconvertible,
  deleteField,
  deleteQueue,
  lockVersion,
  readConfiguration,
  readVersion,
  saveField,
  saveQueue,
  writeVersion,
} from './repo.js';

/**
 * The configuration Admins keep on the server: custom fields, built-in overrides and custom
 * queues. Every process holds it loaded with the registry it makes (app.configuration); a change is
 * checked whole (checkConfiguration, the one rule set of records and imports), written in one
 * transaction with its audit event, then taken here at once and by every other process through the
 * live bus, with the stored version as the fallback every process checks now and then.
 */

/** How often a process compares the stored version with its own (a missed bus message heals within this). */
export const CONFIGURATION_CHECK_MS = 3000;

/** What the app holds (app.configuration): the configuration, its version, and what is made from it once. */
export class LoadedConfiguration {
  /** -1 until first loaded: version 0 is the empty configuration before any change. */
  version = -1;
  current: Configuration = { fields: [], queues: [] };
  queues: QueueDefinition[] = [];
  registry: Registry;
  private loading: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Knex,
    readonly base: Registry,
  ) {
    this.registry = base;
  }

  /** Takes a configuration as stored at `version`, unless a newer one is held already. */
  apply(version: number, configuration: Configuration) {
    if (version <= this.version) return;
    this.version = version;
    // In the order every process reads it in (repo.ts), whichever way this one came by it.
    this.current = { fields: [...configuration.fields].sort(byId), queues: [...configuration.queues].sort(byId) };
    this.queues = customQueuesOf(this.current);
    // Made once per change: consumers may cache what they derive from it by its identity.
    this.registry = effectiveRegistry(this.base, this.current);
  }

  /**
   * Reads the configuration again if the stored version is newer than the one held (or than
   * `atLeast`, a version a message announced: nothing is read when it is held already). One at a time.
   */
  reload(atLeast?: number): Promise<void> {
    if (atLeast !== undefined && atLeast <= this.version) return Promise.resolve();
    const next = this.loading
      .catch(() => undefined)
      .then(async () => {
        const version = await readVersion(this.db);
        if (version <= this.version) return;
        this.apply(version, await readConfiguration(this.db));
      });
    this.loading = next;
    return next;
  }
}

/** Loads the configuration and keeps it current: checks the stored version every CONFIGURATION_CHECK_MS. */
export async function loadConfiguration(app: FastifyInstance): Promise<LoadedConfiguration> {
  const loaded = new LoadedConfiguration(app.db, app.baseRegistry);
  await loaded.reload();
  const timer = setInterval(() => {
    loaded.reload().catch((error: unknown) => app.log.warn({ err: error }, 'configuration check failed'));
  }, CONFIGURATION_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return loaded;
}

/** The configuration as stored, for what reads it without an app (seeds, recounts after bulk loads). */
export { readConfiguration } from './repo.js';

/**
 * A refusal listing every problem: 400 with the first as the message, and `problems` beside it; a record's
 * refusal also gives `errors`, each property's first problem (react-admin shows it under that input) and the
 * message as `root.serverError` (its notification).
 */
export class ConfigurationRefused extends HttpError {
  constructor(
    message: string,
    readonly problems: ConfigurationProblem[],
    readonly errors?: Record<string, unknown>,
  ) {
    super(400, message);
  }
}

const ordersOf = (base: Registry): ResourceDefinition => {
  if (!base.orders) throw badRequest('This registry has no orders resource to configure.');
  return base.orders;
};

// ---------------------------------------------------------------------------------------------------
// Records as answered

/** A built-in field's place among the order fields when no Admin moved it. */
const defaultPosition = (index: number) => (index + 1) * 10;

/** A record of /api/order-fields as answered: a built-in one says what the code's defaults are and what is locked. */
export type FieldAnswer = OrderFieldRecord & {
  defaults: {
    labelKey: string;
    readRoles: string[];
    columnDefault: boolean;
    section: string;
    position: number;
  } | null;
  locked: { roles: readonly string[]; reason: string } | null;
};

function builtInAnswer(field: FieldDefinition, index: number, override?: OrderFieldRecord): FieldAnswer {
  const code = builtInFieldRecord(field, defaultPosition(index));
  return {
    ...builtInFieldRecord(field, defaultPosition(index), override),
    defaults: {
      labelKey: field.label ?? `resources.orders.fields.${field.source}`,
      readRoles: code.readRoles,
      columnDefault: code.columnDefault,
      section: code.section,
      position: code.position,
    },
    locked: LOCKED_FIELDS[field.source] ?? null,
  };
}

/** Every record of /api/order-fields: the built-in fields an Admin may change, then the custom ones. */
export function fieldAnswers(base: Registry, configuration: Configuration): FieldAnswer[] {
  const overrides = new Map(configuration.fields.filter((f) => f.builtIn).map((f) => [f.id, f]));
  const builtIns = overridableFields(ordersOf(base)).map((field, i) =>
    builtInAnswer(field, i, overrides.get(field.source)),
  );
  const custom = configuration.fields
    .filter((f) => !f.builtIn)
    .map((f): FieldAnswer => ({ ...f, defaults: null, locked: null }));
  return [...builtIns, ...custom];
}

export function fieldAnswer(base: Registry, configuration: Configuration, id: string): FieldAnswer | undefined {
  return fieldAnswers(base, configuration).find((f) => f.id === id);
}

/** GET /api/configuration/export: custom fields (removed ones too), built-in overrides and custom queues. */
export function exportDocument(base: Registry, configuration: Configuration): ConfigurationDocument {
  const overridden = new Set(configuration.fields.filter((f) => f.builtIn).map((f) => f.id));
  const fields = fieldAnswers(base, configuration)
    .filter((f) => !f.builtIn || overridden.has(f.id))
    .map(({ defaults: _defaults, locked: _locked, ...record }): OrderFieldRecord => record);
  const queues = [...configuration.queues].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
  return { version: 1, fields, queues };
}

// ---------------------------------------------------------------------------------------------------
// Changes

/** What a change does, as a dry run tells it: ids of the records added, changed and removed. */
export interface ConfigurationChanges {
  fields: { added: string[]; changed: string[]; removed: string[]; restored: string[] };
  builtIns: { changed: string[]; restored: string[] };
  queues: { added: string[]; changed: string[]; removed: string[] };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function changesBetween(before: Configuration, after: Configuration): ConfigurationChanges {
  const changes: ConfigurationChanges = {
    fields: { added: [], changed: [], removed: [], restored: [] },
    builtIns: { changed: [], restored: [] },
    queues: { added: [], changed: [], removed: [] },
  };
  const fieldsBefore = new Map(before.fields.map((f) => [f.id, f]));
  const fieldsAfter = new Map(after.fields.map((f) => [f.id, f]));
  for (const field of after.fields) {
    const was = fieldsBefore.get(field.id);
    if (field.builtIn) {
      if (!same(was, field)) changes.builtIns.changed.push(field.id);
    } else if (!was) changes.fields.added.push(field.id);
    else if (!was.removed && field.removed) changes.fields.removed.push(field.id);
    else if (was.removed && !field.removed) changes.fields.restored.push(field.id);
    else if (!same(was, field)) changes.fields.changed.push(field.id);
  }
  for (const field of before.fields)
    if (field.builtIn && !fieldsAfter.has(field.id)) changes.builtIns.restored.push(field.id);
  const queuesBefore = new Map(before.queues.map((q) => [q.id, q]));
  const queuesAfter = new Set(after.queues.map((q) => q.id));
  for (const queue of after.queues) {
    const was = queuesBefore.get(queue.id);
    if (!was) changes.queues.added.push(queue.id);
    else if (!same(was, queue)) changes.queues.changed.push(queue.id);
  }
  for (const queue of before.queues) if (!queuesAfter.has(queue.id)) changes.queues.removed.push(queue.id);
  return changes;
}

const nothingChanges = (changes: ConfigurationChanges) =>
  Object.values(changes).every((group: Record<string, string[]>) => Object.values(group).every((ids) => !ids.length));

/** Custom fields whose type changes, with what their stored values become. */
function typeChanges(before: Configuration, after: Pick<Configuration, 'fields'>) {
  const was = new Map(before.fields.filter((f) => !f.builtIn).map((f) => [f.id, f]));
  return after.fields.flatMap((field) => {
    const old = was.get(field.id);
    if (field.builtIn || !old || old.type === field.type) return [];
    return [
      { id: field.id, from: old.type as CustomFieldType, to: field.type as CustomFieldType, choices: field.choices },
    ];
  });
}

/**
 * Custom fields whose rules narrow while their type stays (a choice taken away, a min raised, a max
 * lowered, a new pattern), each with the first rule that does: the change is refused while stored values
 * break the new rules, as a type change is. A wider rule, or `required`, asks nothing of stored values
 * (`required` applies to the next edit of each order).
 */
function narrowedRules(before: Configuration, after: Pick<Configuration, 'fields'>) {
  const was = new Map(before.fields.filter((f) => !f.builtIn).map((f) => [f.id, f]));
  return after.fields.flatMap((field) => {
    const old = was.get(field.id);
    if (field.builtIn || !old || old.type !== field.type) return [];
    const rule =
      field.type === 'choice' && (old.choices ?? []).some((choice) => !(field.choices ?? []).includes(choice))
        ? 'choices'
        : field.min !== null && (old.min === null || field.min > old.min)
          ? 'min'
          : field.max !== null && (old.max === null || field.max < old.max)
            ? 'max'
            : field.pattern && field.pattern !== old.pattern
              ? 'pattern'
              : undefined;
    return rule ? [{ field, rule }] : [];
  });
}

/** A filter key names a field: `visa_type`, or `callback_at_gte` / `callback_at_lte` of a range. */
const filterNames = (queue: CustomQueueRecord, orders: Pick<ResourceDefinition, 'fields'>, fieldId: string) => {
  const keys = listFilterKeys(orders);
  return Object.keys(queue.filter).some((key) => keys.get(key)?.field.source === fieldId);
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

/** A configuration as a change proposes it: a document, its records as given, checked before it is kept. */
interface Proposal {
  fields: unknown[];
  queues: unknown[];
  [key: string]: unknown;
}

/**
 * Checks the configuration as it would be, against the code's registry and against the stored values
 * (a type change they cannot follow, counted even when other rules fail): every problem, and the
 * configuration to keep when there are none.
 */
async function check(trx: Knex.Transaction, base: Registry, before: Configuration, proposal: Proposal) {
  const { problems, configuration } = checkConfiguration(proposal, base);
  // A document over the limits is refused for them alone, before the stored values are read.
  if (problems.some((p) => p.path === 'fields' || p.path === 'queues')) return { problems };
  const fields =
    configuration?.fields ??
    (Array.isArray(proposal.fields) ? proposal.fields : [])
      .filter((f) => isObject(f) && f.builtIn !== true && CUSTOM_FIELD_TYPES.includes(f.type as CustomFieldType))
      .map((f) => normalizeFieldRecord(f as Json));
  for (const change of typeChanges(before, { fields })) {
    const unreadable = await countUnconvertible(trx, change);
    const them = unreadable === 1 ? 'it' : 'them';
    const label = fields.find((f) => f.id === change.id)?.label ?? change.id;
    if (unreadable)
      problems.push({
        path: `fields.${change.id}.type`,
        message: `${unreadable} value${unreadable === 1 ? '' : 's'} of ${label} cannot be read as ${change.to}; change or clear ${them} first.`,
      });
  }
  for (const { field, rule } of narrowedRules(before, { fields })) {
    const { count, problem } = await countBreakingRules(trx, field);
    if (count)
      problems.push({
        path: `fields.${field.id}.${rule}`,
        message: `${count} value${count === 1 ? '' : 's'} of ${field.label ?? field.id} ${count === 1 ? 'breaks' : 'break'} the new rules (${field.label ?? field.id} ${problem!.replace(/\.$/, '')}); change or clear ${count === 1 ? 'it' : 'them'} first.`,
      });
  }
  return problems.length ? { problems: problems.slice(0, MAX_PROBLEMS) } : { problems, configuration: configuration! };
}

/** Writes the rows that differ, converts the values of fields that change type, rebuilds the queues concerned. */
async function write(app: FastifyInstance, trx: Knex.Transaction, before: Configuration, after: Configuration) {
  const fieldsBefore = new Map(before.fields.map((f) => [f.id, f]));
  const kept = new Set(after.fields.map((f) => f.id));
  for (const field of before.fields) if (!kept.has(field.id)) await deleteField(trx, field.id);
  for (const field of after.fields) if (!same(fieldsBefore.get(field.id), field)) await saveField(trx, field);
  for (const change of typeChanges(before, after)) await convertValues(trx, change);

  const queuesBefore = new Map(before.queues.map((q) => [q.id, q]));
  const keptQueues = new Set(after.queues.map((q) => q.id));
  for (const queue of before.queues) if (!keptQueues.has(queue.id)) await deleteQueue(trx, queue.id);
  // A queue is rebuilt when it changed, or when a field its filter names changed (its type, its removal).
  const [ordersBefore, ordersAfter] = [before, after].map((c) => effectiveRegistry(app.baseRegistry, c).orders!);
  const changedFields = after.fields.filter((f) => !f.builtIn && !same(fieldsBefore.get(f.id), f)).map((f) => f.id);
  const rebuild: CustomQueueRecord[] = [];
  for (const queue of after.queues) {
    const changed = !same(queuesBefore.get(queue.id), queue);
    if (changed) await saveQueue(trx, queue);
    const named = (id: string) => filterNames(queue, ordersBefore!, id) || filterNames(queue, ordersAfter!, id);
    if (changed || changedFields.some(named)) rebuild.push(queue);
  }
  if (rebuild.length)
    await app.ordersService.rebuildCustomQueues(trx, rebuild, effectiveRegistry(app.baseRegistry, after));
}

/** Audit details stay within a TEXT column (64 KB in MySQL): choice lists give way to their counts first. */
const AUDIT_DETAIL_MAX = 60_000;
function auditEvent(action: string, id: string, before: unknown, after: unknown): AuditEvent {
  const text = JSON.stringify({ id, before, after });
  if (Buffer.byteLength(text) <= AUDIT_DETAIL_MAX) return { action, detail: text };
  const brief = (record: unknown) =>
    isObject(record) && Array.isArray(record.choices)
      ? { ...record, choices: `${record.choices.length} choices` }
      : record;
  return { action, detail: JSON.stringify({ id, before: brief(before), after: brief(after) }) };
}

interface Plan<T> {
  /** The configuration as it will be, its records as given (checked before anything is kept). */
  proposal: Proposal;
  audit: (after: Configuration) => AuditEvent;
  /** What the request answers, from the configuration as it will be. */
  answer: (after: Configuration) => T;
}

/**
 * A refusal of one record: its first problem as the message, every one listed with its path, and under
 * `errors` each of the record's properties (`choices`, `filter`) with its first problem.
 */
const recordRefusal = (prefix: string) => (problems: ConfigurationProblem[]) => {
  const errors: Record<string, unknown> = {};
  for (const { path, message } of problems) {
    const property = path.startsWith(prefix) ? path.slice(prefix.length).split('.')[0] : undefined;
    if (property && !(property in errors)) errors[property] = message;
  }
  const { message } = problems[0]!;
  return new ConfigurationRefused(message, problems, { ...errors, root: { serverError: message } });
};

/**
 * Makes a change in one transaction, on the stored configuration of that moment (the version row is
 * locked): the plan proposes the configuration as it will be, which is checked whole; then the rows
 * that differ are written with the audit event and a new version, this process takes it, and every
 * other process and open stream hears of it. A change that changes nothing writes nothing.
 */
async function change<T>(
  app: FastifyInstance,
  member: Member,
  plan: (before: Configuration) => Plan<T>,
  refuse: (problems: ConfigurationProblem[]) => Error,
): Promise<T> {
  const base = app.baseRegistry;
  ordersOf(base);
  const done = await withTransactionRetry(app.db, async (trx) => {
    const version = (await lockVersion(trx)) + 1;
    const before = await readConfiguration(trx);
    const { proposal, audit, answer } = plan(before);
    const { problems, configuration: after } = await check(trx, base, before, proposal);
    if (!after) throw refuse(problems);
    if (nothingChanges(changesBetween(before, after))) return { answer: answer(after) };
    await write(app, trx, before, after);
    await recordAudit(trx, member, [audit(after)]);
    await writeVersion(trx, version);
    return { answer: answer(after), version, after };
  });
  if (done.after) {
    app.configuration.apply(done.version, done.after);
    await publishConfigurationChanged(app.db, done.version);
  }
  return done.answer;
}

// ---------------------------------------------------------------------------------------------------
// Order fields

const nextPosition = (records: Array<{ position: number }>) =>
  records.reduce((most, r) => Math.max(most, r.position), 0) + 10;

/** What a request's record may set on a built-in field: its overrides (the rest of its record is the code's). */
const OVERRIDES = ['label', 'labelFr', 'readRoles', 'columnDefault', 'section', 'position'] as const;

const withField = (before: Configuration, id: string, record: unknown): Proposal => ({
  fields: before.fields.some((f) => f.id === id)
    ? before.fields.map((f) => (f.id === id ? record : f))
    : [...before.fields, record],
  queues: before.queues,
});
const fieldRefusal = (id: string) => recordRefusal(`fields.${id}.`);
const storedField = (configuration: Configuration, id: string) => configuration.fields.find((f) => f.id === id) ?? null;

/** POST /api/order-fields: a custom field. */
export function createField(app: FastifyInstance, member: Member, body: Json) {
  const id = String(body.id ?? '');
  if (body.builtIn === true)
    throw badRequest(`builtIn: a built-in field is changed with PUT /api/order-fields/${id || '{id}'}, not added.`);
  return change(
    app,
    member,
    (before) => {
      const existing = storedField(before, id);
      if (existing)
        throw badRequest(
          `id: a field with the key ${id} exists already${existing.removed ? ' (removed: restore it instead)' : ''}.`,
        );
      const record = {
        ...body,
        position: body.position ?? nextPosition(before.fields.filter((f) => !f.builtIn)),
        builtIn: false,
        removed: false,
      };
      return {
        proposal: withField(before, id, record),
        audit: (after) => auditEvent('config-field', id, null, storedField(after, id)),
        answer: (after) => fieldAnswer(app.baseRegistry, after, id)!,
      };
    },
    fieldRefusal(id),
  );
}

/**
 * PUT /api/order-fields/:id: a custom field's record (react-admin sends it whole; `removed: false`
 * restores a removed one), or a built-in field's overrides.
 */
export function updateField(app: FastifyInstance, member: Member, id: string, body: Json) {
  return change(
    app,
    member,
    (before) => {
      const current = fieldAnswer(app.baseRegistry, before, id);
      if (!current) throw notFound('Record not found.');
      const { defaults: _defaults, locked: _locked, ...record } = current;
      const given = current.builtIn
        ? Object.fromEntries(OVERRIDES.filter((k) => k in body).map((k) => [k, body[k]]))
        : body;
      return {
        proposal: withField(before, id, { ...record, ...given, id, builtIn: current.builtIn }),
        audit: (after) => auditEvent('config-field', id, storedField(before, id), storedField(after, id)),
        answer: (after) => fieldAnswer(app.baseRegistry, after, id)!,
      };
    },
    fieldRefusal(id),
  );
}

/** DELETE /api/order-fields/:id: a custom field is removed (its values kept), a built-in one gets its defaults back. */
export function removeField(app: FastifyInstance, member: Member, id: string) {
  return change(
    app,
    member,
    (before) => {
      const current = fieldAnswer(app.baseRegistry, before, id);
      if (!current) throw notFound('Record not found.');
      const fields = current.builtIn
        ? before.fields.filter((f) => f.id !== id)
        : before.fields.map((f) => (f.id === id ? { ...f, removed: true } : f));
      return {
        proposal: { fields, queues: before.queues },
        audit: (after) => auditEvent('config-field', id, storedField(before, id), storedField(after, id)),
        answer: (after) => fieldAnswer(app.baseRegistry, after, id)!,
      };
    },
    fieldRefusal(id),
  );
}

// ---------------------------------------------------------------------------------------------------
// Custom queues

/** A queue id from its name: "Priority, India" → priority-india; taken, it gets a number. */
function queueIdFrom(name: string, taken: Set<string>): string {
  const slug =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 50)
      .replace(/^-+|-+$/g, '') || 'queue';
  let id = slug;
  for (let n = 2; taken.has(id); n++) id = `${slug}-${n}`;
  return id;
}

export const queueAnswer = (configuration: Configuration, id: string) => configuration.queues.find((q) => q.id === id);

const withQueues = (before: Configuration, queues: unknown[]): Proposal => ({ fields: before.fields, queues });
const queueRefusal = (id: string) => recordRefusal(`queues.${id}.`);

/** POST /api/custom-queues: the id may be left out (made from the name). */
export function createQueue(app: FastifyInstance, member: Member, body: Json) {
  let id = typeof body.id === 'string' ? body.id : '';
  return change(
    app,
    member,
    (before) => {
      const taken = new Set(before.queues.map((q) => q.id));
      if (!id) id = queueIdFrom(String(body.name ?? ''), taken);
      else if (taken.has(id)) throw badRequest(`id: a custom queue with the id ${id} exists already.`);
      const record = { ...body, id, position: body.position ?? nextPosition(before.queues) };
      return {
        proposal: withQueues(before, [...before.queues, record]),
        audit: (after) => auditEvent('config-queue', id, null, queueAnswer(after, id)),
        answer: (after) => queueAnswer(after, id)!,
      };
    },
    // The id is known once the plan has made it.
    (problems) => queueRefusal(id)(problems),
  );
}

/** PUT /api/custom-queues/:id. */
export function updateQueue(app: FastifyInstance, member: Member, id: string, body: Json) {
  return change(
    app,
    member,
    (before) => {
      const current = queueAnswer(before, id);
      if (!current) throw notFound('Record not found.');
      return {
        proposal: withQueues(
          before,
          before.queues.map((q) => (q.id === id ? { ...current, ...body, id } : q)),
        ),
        audit: (after) => auditEvent('config-queue', id, current, queueAnswer(after, id)),
        answer: (after) => queueAnswer(after, id)!,
      };
    },
    queueRefusal(id),
  );
}

/** DELETE /api/custom-queues/:id: the queue, its members and its count go; its orders stay as they are. */
export function removeQueue(app: FastifyInstance, member: Member, id: string) {
  return change(
    app,
    member,
    (before) => {
      const current = queueAnswer(before, id);
      if (!current) throw notFound('Record not found.');
      return {
        proposal: withQueues(
          before,
          before.queues.filter((q) => q.id !== id),
        ),
        audit: () => auditEvent('config-queue', id, current, null),
        answer: () => current,
      };
    },
    queueRefusal(id),
  );
}

// ---------------------------------------------------------------------------------------------------
// Import

/**
 * A document's fields as kept: a built-in field's record completed with the code's values for what it
 * leaves out; a custom field stored and left out of the document is kept, removed (a removal always
 * keeps the values).
 */
function importedFields(base: Registry, before: Configuration, fields: unknown): unknown {
  if (!Array.isArray(fields)) return fields;
  const builtIns = overridableFields(ordersOf(base));
  const completed = fields.map((raw) => {
    if (!isObject(raw) || raw.builtIn !== true) return raw;
    const index = builtIns.findIndex((f) => f.source === raw.id);
    return index < 0 ? raw : { ...builtInFieldRecord(builtIns[index]!, defaultPosition(index)), ...raw };
  });
  const given = new Set(fields.map((f) => (isObject(f) ? f.id : undefined)));
  const left = before.fields.filter((f) => !f.builtIn && !given.has(f.id)).map((f) => ({ ...f, removed: true }));
  return [...completed, ...left];
}

export interface ImportResult {
  dryRun: boolean;
  problems: ConfigurationProblem[];
  changes: ConfigurationChanges;
}

const importRefusal = (problems: ConfigurationProblem[]) => {
  const [first] = problems;
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  return new ConfigurationRefused(
    `The configuration has ${count}; nothing was changed. ${first!.path ? `${first!.path}: ` : ''}${first!.message}`,
    problems,
  );
};

/**
 * POST /api/configuration/import: the document replaces the whole configuration, all or nothing; a dry
 * run checks it the same way (the stored values included) and tells what it would change, writing
 * nothing. A refusal lists every problem.
 */
export async function importConfiguration(
  app: FastifyInstance,
  member: Member,
  document: Json,
  dryRun: boolean,
): Promise<ImportResult> {
  const plan = (before: Configuration): Plan<ImportResult> => ({
    proposal: { ...document, fields: importedFields(app.baseRegistry, before, document.fields) } as Proposal,
    audit: (after) =>
      auditEvent(
        'config-import',
        'configuration',
        { fields: before.fields.length, queues: before.queues.length },
        { fields: after.fields.length, queues: after.queues.length, changes: changesBetween(before, after) },
      ),
    answer: (after) => ({ dryRun, problems: [], changes: changesBetween(before, after) }),
  });
  if (!dryRun) return change(app, member, plan, importRefusal);
  ordersOf(app.baseRegistry);
  // Read and checked as the change would be, in a transaction that writes nothing.
  return app.db.transaction(async (trx) => {
    const before = await readConfiguration(trx);
    const { proposal, answer } = plan(before);
    const { problems, configuration } = await check(trx, app.baseRegistry, before, proposal);
    if (!configuration) throw importRefusal(problems);
    return answer(configuration);
  });
}
