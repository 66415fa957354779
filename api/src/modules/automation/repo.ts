import type { Knex } from 'knex';
import { isTimedTrigger, nowUtc, type MacroRecord, type RuleRecord } from '@app/domain';
import { insertOne } from '../../db/knex.js';

/** Rules, macros, their runs and the firings of time rules, as stored (migration 027). */

interface RuleRow {
  id: number;
  name: string;
  enabled: number | boolean;
  trigger_json: string;
  conditions_json: string;
  actions_json: string;
  position: number;
  scanned_until: string | null;
}

export interface StoredRule extends RuleRecord {
  /** A time rule has fired every order that entered its status up to then. */
  scannedUntil: string | null;
}

const ruleOf = (row: RuleRow): StoredRule => ({
  id: Number(row.id),
  name: row.name,
  enabled: row.enabled === true || Number(row.enabled) === 1,
  trigger: JSON.parse(row.trigger_json),
  conditions: JSON.parse(row.conditions_json),
  actions: JSON.parse(row.actions_json),
  position: Number(row.position),
  scannedUntil: row.scanned_until ? String(row.scanned_until).slice(0, 19) : null,
});

const ruleRow = (rule: Omit<RuleRecord, 'id'>) => ({
  name: rule.name,
  enabled: rule.enabled,
  trigger_json: JSON.stringify(rule.trigger),
  conditions_json: JSON.stringify(rule.conditions),
  actions_json: JSON.stringify(rule.actions),
  position: rule.position,
  timed: isTimedTrigger(rule.trigger),
});

/** Every rule, in the order they run (position, then id). */
export const findRules = async (db: Knex): Promise<StoredRule[]> =>
  ((await db('automation_rules').orderBy(['position', 'id'])) as RuleRow[]).map(ruleOf);

/** The enabled rules the time rules' pass runs, in their order: read by their index, not every rule. */
export const findTimedRules = async (db: Knex): Promise<StoredRule[]> =>
  ((await db('automation_rules').where({ timed: true, enabled: true }).orderBy(['position', 'id'])) as RuleRow[]).map(
    ruleOf,
  );

export const findRule = async (db: Knex, id: number): Promise<StoredRule | undefined> => {
  const row = (await db('automation_rules').where({ id }).first()) as RuleRow | undefined;
  return row && ruleOf(row);
};

/** `scanFrom`: where the time scheduler's first pass starts (null: from the start). */
export const insertRule = (db: Knex, rule: Omit<RuleRecord, 'id'>, scanFrom: string | null) =>
  insertOne(db, 'automation_rules', {
    ...ruleRow(rule),
    scanned_until: scanFrom,
    created_at: nowUtc(),
    updated_at: nowUtc(),
  });

/** A changed trigger starts the time scheduler's scan again, from `rescanFrom` (undefined: goes on). */
export const updateRule = (db: Knex, id: number, rule: Omit<RuleRecord, 'id'>, rescanFrom: string | null | undefined) =>
  db('automation_rules')
    .where({ id })
    .update({
      ...ruleRow(rule),
      updated_at: nowUtc(),
      ...(rescanFrom !== undefined ? { scanned_until: rescanFrom } : {}),
    });

export const deleteRule = (db: Knex, id: number) => db('automation_rules').where({ id }).del();

export const markScanned = (db: Knex, id: number, until: string | null) =>
  db('automation_rules').where({ id }).update({ scanned_until: until });

interface MacroRow {
  id: number;
  name: string;
  roles_json: string;
  actions_json: string;
}

const macroOf = (row: MacroRow): MacroRecord => ({
  id: Number(row.id),
  name: row.name,
  roles: JSON.parse(row.roles_json),
  actions: JSON.parse(row.actions_json),
});

const macroRow = (macro: Omit<MacroRecord, 'id'>) => ({
  name: macro.name,
  roles_json: JSON.stringify(macro.roles),
  actions_json: JSON.stringify(macro.actions),
});

export const findMacros = async (db: Knex): Promise<MacroRecord[]> =>
  ((await db('macros').orderBy(['name', 'id'])) as MacroRow[]).map(macroOf);

export const findMacro = async (db: Knex, id: number): Promise<MacroRecord | undefined> => {
  const row = (await db('macros').where({ id }).first()) as MacroRow | undefined;
  return row && macroOf(row);
};

export const insertMacro = (db: Knex, macro: Omit<MacroRecord, 'id'>) =>
  insertOne(db, 'macros', { ...macroRow(macro), created_at: nowUtc(), updated_at: nowUtc() });

export const updateMacro = (db: Knex, id: number, macro: Omit<MacroRecord, 'id'>) =>
  db('macros')
    .where({ id })
    .update({ ...macroRow(macro), updated_at: nowUtc() });

export const deleteMacro = (db: Knex, id: number) => db('macros').where({ id }).del();

/** One run of a rule or a macro on an order: the actions done (or skipped, with why) and the error that stopped it. */
export interface RunLog {
  ruleId?: number | null;
  macroId?: number | null;
  orderId: number;
  at: Date;
  actions: Array<{ type: string; done: boolean; note?: string }>;
  error?: string | null;
}

export const insertRun = (db: Knex | Knex.Transaction, run: RunLog) =>
  db('automation_runs').insert({
    rule_id: run.ruleId ?? null,
    macro_id: run.macroId ?? null,
    order_id: run.orderId,
    created_at: nowUtc(run.at),
    actions_json: JSON.stringify(run.actions),
    error: run.error ? run.error.slice(0, 2000) : null,
  });

interface RunRow {
  id: number | string;
  rule_id: number | null;
  macro_id: number | null;
  order_id: number | string;
  created_at: string;
  actions_json: string;
  error: string | null;
}

/** A record of /api/automation-runs. */
export const runRecordOf = (row: RunRow) => ({
  id: Number(row.id),
  rule: row.rule_id == null ? null : Number(row.rule_id),
  macro: row.macro_id == null ? null : Number(row.macro_id),
  order: Number(row.order_id),
  when: String(row.created_at).slice(0, 19),
  actions: JSON.parse(row.actions_json) as RunLog['actions'],
  error: row.error,
});

/** Runs newest first, by rule or order if asked, a page of them and how many there are. */
export async function findRuns(
  db: Knex,
  filter: { rule?: number; order?: number },
  range: [number, number],
): Promise<{ rows: RunRow[]; total: number }> {
  const where = (q: Knex.QueryBuilder) => {
    if (filter.rule !== undefined) q.where('rule_id', filter.rule);
    if (filter.order !== undefined) q.where('order_id', filter.order);
    return q;
  };
  const [rows, counted] = await Promise.all([
    where(db('automation_runs'))
      .orderBy('id', 'desc')
      .offset(range[0])
      .limit(range[1] - range[0] + 1),
    where(db('automation_runs')).count({ n: '*' }).first(),
  ]);
  return { rows: rows as RunRow[], total: Number(counted?.n ?? 0) };
}

/**
 * Takes the firing of a time rule on an order's entry into its status, in the firing's transaction. The
 * key is unique: of processes firing at once one inserts, the others wait for its commit and fail with
 * a duplicate key (isDuplicateFiring), and skip.
 */
export const takeFiring = (
  trx: Knex | Knex.Transaction,
  firing: { ruleId: number; orderId: number; enteredAt: string },
) => trx('rule_firings').insert({ rule_id: firing.ruleId, order_id: firing.orderId, entered_at: firing.enteredAt });

export const isDuplicateFiring = (error: unknown) => {
  const { code, errno } = error as { code?: string; errno?: number };
  return code === 'ER_DUP_ENTRY' || errno === 1062 || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};
