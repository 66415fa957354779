import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import type { Knex } from 'knex';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../api/src/app.js';
import { loadConfig, type AppConfig } from '../../api/src/config.js';
import { createDb } from '../../api/src/db/knex.js';
import { migrateLatest } from '../../migrations/index.js';
import { seedDemo, DEMO_PASSWORD } from '../../seeds/index.js';
import { clusterUrl, NODES, nodeUrl } from '../../scripts/cluster.js';
import { TEST_JWT_SECRET } from './app.js';

export { NODES } from '../../scripts/cluster.js';

export interface ClusterDb {
  name: string;
  /** Every node: mysql://root@127.0.0.1:3311,127.0.0.1:3312,127.0.0.1:3313/<name>. */
  url: string;
  dataDir: string;
  /** A knex instance on node `index` (1-based), reading causally (wsrep_sync_wait) like the app's. */
  nodeDb(index: number): Knex;
  drop(): Promise<void>;
}

/** A fresh database on the cluster, migrated and (unless told not to) seeded through node 1. */
export async function createClusterDb({ seed = true, migrate = true } = {}): Promise<ClusterDb> {
  const name = `tdac_galera_${crypto.randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-galera-test-'));
  const admin = await mysql.createConnection({ uri: nodeUrl(NODES[0]!) });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const dbs = new Map<number, Knex>();
  const nodeDb = (index: number) => {
    if (!dbs.has(index)) dbs.set(index, createDb({ databaseUrl: clusterUrl(name), databaseNode: index, dataDir }));
    return dbs.get(index)!;
  };
  if (migrate) await migrateLatest(nodeDb(1));
  if (seed) await seedDemo(nodeDb(1), dataDir);
  return {
    name,
    url: clusterUrl(name),
    dataDir,
    nodeDb,
    async drop() {
      await Promise.all([...dbs.values()].map((db) => db.destroy()));
      const conn = await mysql.createConnection({ uri: nodeUrl(NODES[0]!) });
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface NodeApp {
  node: number;
  app: FastifyInstance;
  /** Tokens of the demo accounts signed in through this app, by the email's local part. */
  tokens: Record<string, string>;
  call(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** The real app as one API process whose database node is `node` (DATABASE_NODE), failing over to the others. */
export async function startNodeApp(
  cluster: ClusterDb,
  node: number,
  config: Partial<AppConfig> = {},
): Promise<NodeApp> {
  const app = await buildApp({
    config: loadConfig(
      { NODE_ENV: 'test' },
      {
        dataDir: cluster.dataDir,
        databaseUrl: cluster.url,
        databaseNode: node,
        jwtSecret: TEST_JWT_SECRET,
        mailWorker: false,
        loginRateMax: 1000,
        trackRateMax: 1000,
        ...config,
      },
    ),
  });
  await app.ready();
  const tokens: Record<string, string> = {};
  for (const role of ['admin', 'manager', 'team']) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: `${role}@demo.test`, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${role} through node ${node} failed: ${res.body}`);
    tokens[role] = res.json().token;
  }
  return {
    node,
    app,
    tokens,
    call: (token, options) => app.inject({ ...options, headers: { authorization: token, ...options.headers } }),
  };
}
