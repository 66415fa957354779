import type { Knex } from 'knex';
import { migrationDb } from '../api/src/db/knex.js';
import * as initialSchema from './001_initial_schema.js';
import * as pendingUploads from './002_pending_uploads.js';
import * as countryReportIndex from './003_country_report_index.js';
import * as hardening from './004_hardening.js';
import * as orderVersion from './005_order_version.js';
import * as deliveryEvidence from './006_delivery_evidence.js';
import * as preferences from './007_preferences.js';
import * as orderRanks from './008_order_ranks.js';
import * as auditFilters from './009_audit_filters.js';
import * as orderFinishedAt from './010_order_finished_at.js';
import * as reportRollups from './011_report_rollups.js';
import * as hotRowShards from './012_hot_row_shards.js';
import * as commentEventDetail from './013_comment_event_detail.js';
import * as orderWorkMinutes from './014_order_work_minutes.js';
import * as registryIndexes from './015_registry_indexes.js';
import * as myOrdersIndex from './016_my_orders_index.js';
import * as customFields from './017_custom_fields.js';
import * as counterDueIndex from './018_counter_due_index.js';
import * as orderTotals from './019_order_totals.js';
import * as statusModeIdIndex from './020_status_mode_id_index.js';
import * as sessionsAndFactors from './021_sessions_and_factors.js';
import * as disputes from './022_disputes.js';
import * as searchIndexes from './023_search_indexes.js';
import * as privacy from './024_privacy.js';
import * as mailTemplates from './026_mail_templates.js';
import * as automation from './027_automation.js';
import * as passkeys from './028_passkeys.js';
import * as sla from './029_sla.js';
import * as valueChangedAt from './030_value_changed_at.js';
import * as disputeReportIndex from './034_dispute_report_index.js';
import * as disputeOrderFacts from './036_dispute_order_facts.js';
import * as statusEnteredCreated from './037_status_entered_created.js';
import * as breachActions from './038_breach_actions.js';
import * as dropOrderTotals from './039_drop_order_totals.js';
import * as reportRollupChanges from './040_report_rollup_changes.js';
import * as timedRules from './041_timed_rules.js';

/**
 * Migrations in order, imported statically so that they run the same under tsx, vitest and a bundle.
 * Adding a migration is adding a line here.
 */
const MIGRATIONS: Record<string, Knex.Migration> = {
  '001_initial_schema': initialSchema,
  '002_pending_uploads': pendingUploads,
  '003_country_report_index': countryReportIndex,
  '004_hardening': hardening,
  '005_order_version': orderVersion,
  '006_delivery_evidence': deliveryEvidence,
  '007_preferences': preferences,
  '008_order_ranks': orderRanks,
  '009_audit_filters': auditFilters,
  '010_order_finished_at': orderFinishedAt,
  '011_report_rollups': reportRollups,
  '012_hot_row_shards': hotRowShards,
  '013_comment_event_detail': commentEventDetail,
  '014_order_work_minutes': orderWorkMinutes,
  '015_registry_indexes': registryIndexes,
  '016_my_orders_index': myOrdersIndex,
  '017_custom_fields': customFields,
  '018_counter_due_index': counterDueIndex,
  '019_order_totals': orderTotals,
  '020_status_mode_id_index': statusModeIdIndex,
  '021_sessions_and_factors': sessionsAndFactors,
  '022_disputes': disputes,
  '023_search_indexes': searchIndexes,
  '024_privacy': privacy,
  '026_mail_templates': mailTemplates,
  '027_automation': automation,
  '028_passkeys': passkeys,
  '029_sla': sla,
  '030_value_changed_at': valueChangedAt,
  '034_dispute_report_index': disputeReportIndex,
  '036_dispute_order_facts': disputeOrderFacts,
  '037_status_entered_created': statusEnteredCreated,
  '038_breach_actions': breachActions,
  '039_drop_order_totals': dropOrderTotals,
  '040_report_rollup_changes': reportRollupChanges,
  '041_timed_rules': timedRules,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name]!,
};

/**
 * What a process that lost the race to migrate sees while another migrates: knex's lock row taken
 * (knex_migrations_lock), or its two tables just created by the other on a first run.
 */
const LOST_MIGRATION_RACE = /Migration table is already locked|Table 'knex_migrations(_lock)?' already exists/;
/** How long a process waits for another's migrations before giving up. */
const MIGRATION_WAIT_MS = 120_000;

/**
 * Runs the pending migrations once, however many processes start at once (API machines, one per
 * cluster node): on a cluster all through one node (db/knex.ts migrationDb), where knex's lock
 * holds; whoever loses the race waits for the winner to finish, then finds nothing to do.
 */
export async function migrateLatest(db: Knex) {
  const target = migrationDb(db);
  const started = Date.now();
  try {
    for (;;) {
      try {
        return await target.db.migrate.latest({ migrationSource });
      } catch (error) {
        if (!LOST_MIGRATION_RACE.test(String(error)) || Date.now() - started > MIGRATION_WAIT_MS) throw error;
        if (/already locked/.test(String(error))) await dropDuplicateLockRows(target.db);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    await target.release();
  }
}

/**
 * knex adds its one lock row when it finds the lock table empty, so two processes creating the table at once
 * can each add one; knex then never finds exactly one row to lock and every process waits for good (seen on
 * the Galera cluster). The extra rows are never locked (knex's lock update rolls back unless it takes exactly
 * one row), so keeping the first is safe while another process migrates.
 */
async function dropDuplicateLockRows(db: Knex) {
  const rows: Array<{ index: number }> = await db('knex_migrations_lock').select('index').orderBy('index');
  if (rows.length > 1) await db('knex_migrations_lock').whereNot('index', rows[0]!.index).del();
}
