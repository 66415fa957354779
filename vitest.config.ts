import { defineConfig } from 'vitest/config';

/**
 * The API's group (below): three files at once, each in a process of its own. The domain, build and admin suites join
 * it: alone in a group of their own they would run one file at a time (one less worker than the cores), leaving a
 * core idle while the admin's jsdom files render the app, and the API's files wait for their databases.
 */
const API_GROUP = { maxWorkers: 3, sequence: { groupOrder: 1 } };

/** One runner, six suites: domain rules, build budgets, the API on SQLite and MySQL, the API on a Galera cluster, admin components, and Chromium. */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node', ...API_GROUP },
      },
      {
        extends: true,
        test: { name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node', ...API_GROUP },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/mysql.ts', 'tests/setup/redis.ts', 'tests/setup/databases.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files share their worker's module graph (docs/decisions/ci-time.md): each file builds its own app,
          // database and clock, so nothing a test sees is kept in a module between files.
          isolate: false,
          // Three files at once on two cores (vitest's default is one less than the cores: one, here): much of a
          // file's time is spent waiting for its database, child processes and SMTP peers, and with two the cores
          // stood idle a fifth of the time (vmstat; 437 s against 357 s for the group). Each file is isolated as e2e's are
          // (its own SQLite dir or MySQL database, its Redis keys under its database's namespace, port 0).
          // After the Galera cluster's suite, which must not share the machine's cores (vitest runs projects of
          // different maxWorkers in turn, by group).
          ...API_GROUP,
        },
      },
      {
        extends: true,
        test: {
          // Three MariaDB nodes (scripts/cluster.ts), started with GALERA=1; skipped otherwise.
          name: 'galera',
          include: ['tests/galera/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/mysql.ts', 'tests/setup/redis.ts', 'tests/galera/setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'admin',
          include: ['tests/admin/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/jsdom.ts'],
          testTimeout: 30_000,
          ...API_GROUP,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: [
            'tests/setup/mysql.ts',
            'tests/setup/redis.ts',
            'tests/setup/browser.ts',
            'tests/setup/databases.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // As the API's files: one module graph per worker.
          isolate: false,
          // expect.poll waits for what the page shows up to this long (vitest's default, 1 s, is shorter than a
          // debounced filter's answer on two busy cores); a poll still ends as soon as the page shows it.
          expect: { poll: { timeout: 15_000 } },
          // Two files at once: each drives its own Chromium against its own app, which startTestServer
          // (tests/helpers/server.ts) builds on a port of its own (port 0) and a database of its own (a fresh
          // temp data dir with its SQLite file; createTestDb names any MySQL database at random). A new file
          // that starts its app through startTestServer or createTestApp is isolated with no further step;
          // it must not listen on a fixed port or write outside its data dir (screenshots: unique names).
          maxWorkers: 2,
          // Its own group, after the API's: Chromium's files are the heaviest on the cores.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
