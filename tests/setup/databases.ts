import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildTemplate, dropMysqlDatabase, type DbTemplates } from '../helpers/db.js';

/**
 * Migrates and seeds one database per dialect (seeded and empty) before the files run; createTestDb
 * copies these instead of running every migration and the seed again for each test's database.
 * Runs after tests/setup/mysql.ts, which has found out whether MySQL answers.
 */
export default async function setup(project: TestProject) {
  const dialects = project.getProvidedContext().mysqlAvailable ? (['sqlite', 'mysql'] as const) : (['sqlite'] as const);
  const templates: DbTemplates = {};
  await Promise.all(
    dialects.flatMap((dialect) =>
      (['seeded', 'empty'] as const).map(async (kind) => {
        templates[`${dialect}-${kind}`] = await buildTemplate(dialect, { seed: kind === 'seeded' });
      }),
    ),
  );
  project.provide('dbTemplates', templates);
  return async () => {
    for (const template of Object.values(templates)) {
      if (template.database) await dropMysqlDatabase(template.database);
      fs.rmSync(template.dataDir, { recursive: true, force: true });
    }
  };
}
