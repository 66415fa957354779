import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildTemplate, dropMysqlDatabase, type DbTemplates } from '../helpers/db.js';

type Dialects = readonly ('sqlite' | 'mysql')[];

/**
 * vitest runs each project's global setups one after the other before any file, in its one main process: the api
 * and e2e projects, which both list this file, share the templates through globalThis instead of building them
 * twice. The last project to finish drops them.
 */
const shared = globalThis as typeof globalThis & {
  dbTemplates?: { key: string; templates: Promise<DbTemplates>; users: number };
};

async function buildTemplates(dialects: Dialects): Promise<DbTemplates> {
  const templates: DbTemplates = {};
  await Promise.all(
    dialects.flatMap((dialect) =>
      (['seeded', 'empty'] as const).map(async (kind) => {
        templates[`${dialect}-${kind}`] = await buildTemplate(dialect, { seed: kind === 'seeded' });
      }),
    ),
  );
  return templates;
}

/**
 * Migrates and seeds one database per dialect (seeded and empty) before the files run; createTestDb
 * copies these instead of running every migration and the seed again for each test's database.
 * Runs after tests/setup/mysql.ts, which has found out whether MySQL answers.
 */
export default async function setup(project: TestProject) {
  const dialects: Dialects = project.getProvidedContext().mysqlAvailable ? ['sqlite', 'mysql'] : ['sqlite'];
  const key = dialects.join();
  if (shared.dbTemplates?.key !== key) shared.dbTemplates = { key, templates: buildTemplates(dialects), users: 0 };
  const own = shared.dbTemplates;
  own.users++;
  project.provide('dbTemplates', await own.templates);
  return async () => {
    if (--own.users > 0) return;
    if (shared.dbTemplates === own) shared.dbTemplates = undefined;
    for (const template of Object.values(await own.templates)) {
      if (template.database) await dropMysqlDatabase(template.database);
      fs.rmSync(template.dataDir, { recursive: true, force: true });
    }
  };
}
