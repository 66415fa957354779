import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Dialect } from '../../api/src/db/knex.js';
import type { AppConfig } from '../../api/src/config.js';
import type { Clock } from '../../api/src/core/clock.js';
import { createTestApp, type TestApp } from './app.js';

export interface TestServer extends TestApp {
  url: string;
}

/** A loopback port free now, for a server whose address must be known before it starts. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * The real app listening on a free loopback port, for browser tests. `localhost` opens it by name, with
 * that address as its public admin URL: WebAuthn refuses an IP address as its relying party.
 */
export async function startTestServer(
  dialect: Dialect = 'sqlite',
  config: Partial<AppConfig> = {},
  { clock, localhost = false }: { clock?: Clock; localhost?: boolean } = {},
): Promise<TestServer> {
  const port = localhost ? await freePort() : 0;
  const named = localhost ? { publicAdminUrl: `http://localhost:${port}`, ...config } : config;
  const t = await createTestApp(dialect, { config: named, clock });
  await t.app.listen({ host: '127.0.0.1', port });
  const bound = (t.app.server.address() as AddressInfo).port;
  return { ...t, url: `http://${localhost ? 'localhost' : '127.0.0.1'}:${bound}` };
}
