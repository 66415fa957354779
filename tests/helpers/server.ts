import type { AddressInfo } from 'node:net';
import type { Dialect } from '../../api/src/db/knex.js';
import type { AppConfig } from '../../api/src/config.js';
import type { Clock } from '../../api/src/core/clock.js';
import { createTestApp, type TestApp } from './app.js';

export interface TestServer extends TestApp {
  url: string;
}

/** The real app listening on a free loopback port, for browser tests. */
export async function startTestServer(
  dialect: Dialect = 'sqlite',
  config: Partial<AppConfig> = {},
  { clock }: { clock?: Clock } = {},
): Promise<TestServer> {
  const t = await createTestApp(dialect, { config, clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return { ...t, url: `http://127.0.0.1:${port}` };
}
