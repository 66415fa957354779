import type { Knex } from 'knex';
import * as initialSchema from './001_initial_schema.js';
import * as pendingUploads from './002_pending_uploads.js';
import * as countryReportIndex from './003_country_report_index.js';

/**
 * Migrations in order, imported statically so that they run the same under tsx, vitest and a bundle.
 * Adding a migration is adding a line here.
 */
const MIGRATIONS: Record<string, Knex.Migration> = {
  '001_initial_schema': initialSchema,
  '002_pending_uploads': pendingUploads,
  '003_country_report_index': countryReportIndex,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name]!,
};

export const migrateLatest = (db: Knex) => db.migrate.latest({ migrationSource });
