import mysql from 'mysql2/promise';
import type { TestProject } from 'vitest/node';

export const MYSQL_URL = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

/** Finds out once whether MySQL answers; with REQUIRE_MYSQL=1 an absent MySQL fails the run instead of skipping. */
export default async function setup(project: TestProject) {
  let available = false;
  try {
    const conn = await mysql.createConnection({ uri: MYSQL_URL, connectTimeout: 3000 });
    await conn.query('SELECT 1');
    await conn.end();
    available = true;
  } catch (error) {
    if (process.env.REQUIRE_MYSQL === '1') {
      throw new Error(`REQUIRE_MYSQL=1 but MySQL at ${MYSQL_URL} does not answer: ${(error as Error).message}`);
    }
    console.warn(`MySQL at ${MYSQL_URL} does not answer: the MySQL half of the API suite is skipped.`);
  }
  project.provide('mysqlAvailable', available);
}

declare module 'vitest' {
  export interface ProvidedContext {
    mysqlAvailable: boolean;
    browserAvailable: boolean;
  }
}
