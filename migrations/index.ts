import type { Knex } from 'knex';
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
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name]!,
};

export const migrateLatest = (db: Knex) => db.migrate.latest({ migrationSource });
