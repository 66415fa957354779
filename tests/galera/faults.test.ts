import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Knex } from 'knex';
import { transactionRetryStats } from '../../api/src/db/retry.js';
import { recountOrderCounters } from '../../api/src/modules/orders/counters.js';
import { storedCounters } from '../helpers/consistency.js';
import { nodeStatus, startNode, stopNode, waitForCluster } from '../../scripts/cluster.js';
import { createClusterDb, NODES, startNodeApp, type ClusterDb, type NodeApp } from '../helpers/galera.js';
import { REDIS_URL } from '../setup/redis.js';

const STATUSES = ['Awaiting', 'Contact Customer', 'AwaitingGovt', 'Customer Called'];
const WORKERS_PER_APP = 4;
const ORDERS = 60;

interface Outcome {
  app: number;
  kind: string;
  status: number;
  started: number;
  ended: number;
  text?: string;
}

/**
 * A node killed (SIGKILL) while three API processes, one per node, move, assign, unassign and
 * comment at their full rate. The process whose node died moves to another node (its transactions
 * that had not committed run again there); the node restarts, rejoins by IST and catches up.
 * Nothing is lost or applied twice: every node ends with the same counters, equal to a recount,
 * and each change's version and audit event once.
 */
describe.runIf(inject('galeraAvailable'))('a Galera node killed under full load', () => {
  let cluster: ClusterDb;
  let apps: NodeApp[];

  beforeAll(async () => {
    await waitForCluster();
    cluster = await createClusterDb();
    const redisUrl = inject('redisAvailable') ? REDIS_URL : '';
    apps = await Promise.all(NODES.map((n) => startNodeApp(cluster, n.index, { redisUrl })));
  });
  afterAll(async () => {
    // Whatever happened, the cluster is left whole for the next suite.
    await startNode(NODES[2]!).catch(() => undefined);
    await Promise.all((apps ?? []).map((a) => a.app.close()));
    await cluster?.drop();
  });

  it('loses and doubles nothing, fails no request that was not in flight on the dead node, and the node rejoins by IST', async () => {
    const victim = NODES[2]!;
    const orderIds = (await cluster.nodeDb(1)('orders').orderBy('order_id').limit(ORDERS).pluck('order_id')).map(
      Number,
    );
    const eventsBefore = await auditCounts(cluster.nodeDb(1), orderIds);
    const stats = { ...transactionRetryStats };
    const outcomes: Outcome[] = [];
    let running = true;

    const worker = async (app: NodeApp, w: number) => {
      for (let i = 0; running; i++) {
        const orderId = orderIds[(app.node * 13 + w * 7 + i * 5) % orderIds.length]!;
        const kind = ['move', 'assign', 'unassign', 'comment'][(i + w) % 4]!;
        const role = kind === 'move' ? ['admin', 'manager'][w % 2]! : ['team', 'admin', 'manager'][w % 3]!;
        const text = kind === 'comment' ? `fault: node ${app.node} worker ${w} op ${i}` : undefined;
        const started = Date.now();
        const res = await app
          .call(
            app.tokens[role]!,
            kind === 'move'
              ? {
                  method: 'PUT',
                  url: '/api/admin/change-order-status',
                  payload: { orderId, updatingStatus: STATUSES[(i + app.node) % STATUSES.length] },
                }
              : kind === 'assign'
                ? { method: 'PUT', url: '/api/admin/assign-order-status', payload: { orderId } }
                : kind === 'unassign'
                  ? { method: 'PUT', url: '/api/admin/unassign-order', payload: { orderId } }
                  : { method: 'POST', url: '/api/admin/add-new-remark', payload: { orderId, remark: text } },
          )
          .catch(() => ({ statusCode: 599 }));
        outcomes.push({ app: app.node, kind, status: res.statusCode, started, ended: Date.now(), text });
      }
    };
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
    };

    const load = Promise.all(apps.flatMap((app) => Array.from({ length: WORKERS_PER_APP }, (_, w) => worker(app, w))));
    const logBefore = fs.statSync(path.join(victim.dir, 'error.log')).size;
    let killedAt = 0;
    let restartedAt = 0;
    let rejoinedAt = 0;
    try {
      await until(() => outcomes.length >= 150);
      killedAt = Date.now();
      await stopNode(victim, 'SIGKILL');
      const atKill = outcomes.length;
      // The survivors go on, and the dead node's process works through another node.
      await until(() => outcomes.filter((o) => o.app === victim.index && o.started > killedAt + 1000).length >= 50);
      restartedAt = Date.now();
      await startNode(victim);
      rejoinedAt = Date.now();
      await until(() => outcomes.length >= atKill + 600);
    } finally {
      running = false;
      await load;
    }
    await waitForCluster();

    const log = fs.readFileSync(path.join(victim.dir, 'error.log'), 'utf8').slice(logBefore);
    // A joiner that still has its data asks for the missing write sets only (IST), not a full copy (SST).
    const transfer = /IST received/.test(log)
      ? 'IST'
      : /SST (received|succeeded)|wsrep_sst_rsync/.test(log)
        ? 'SST'
        : 'none';
    const failed = outcomes.filter((o) => o.status >= 500);
    const duringOutage = outcomes.filter((o) => o.ended >= killedAt && o.started <= rejoinedAt);
    console.log(
      `[galera] node ${victim.index} killed under load: ${outcomes.length} requests in all, ${duringOutage.length} while it was away ` +
        `(${((rejoinedAt - killedAt) / 1000).toFixed(1)} s); retried ${transactionRetryStats.retries - stats.retries} ` +
        `(${transactionRetryStats.failovers - stats.failovers} on another node, ${transactionRetryStats.conflicts - stats.conflicts} conflicts), ` +
        `failed ${failed.length} (${failed.map((o) => `${o.kind} via node ${o.app}: ${o.status}`).join(', ') || 'none'}); ` +
        `restarted and Synced in ${((rejoinedAt - restartedAt) / 1000).toFixed(1)} s by ${transfer}`,
    );
    // A request fails only if it was in flight through the dead node's process when the node died
    // (a read, or a commit whose outcome the dead node took with it).
    for (const o of failed) {
      expect(o.app, `${o.kind} failed through node ${o.app}`).toBe(victim.index);
      expect(o.started).toBeLessThanOrEqual(killedAt + 100);
    }
    expect(transfer, log.slice(-3000)).toBe('IST');

    // Every node has every change, once.
    const succeeded = (kind: string) => outcomes.filter((o) => o.kind === kind && o.status === 200);
    const unknown = (kind: string) => outcomes.filter((o) => o.kind === kind && o.status >= 500);
    const stored = await Promise.all(NODES.map((n) => storedCounters(cluster.nodeDb(n.index))));
    for (const node of NODES) {
      const db = cluster.nodeDb(node.index);
      expect((await nodeStatus(node))?.state).toBe('Synced');
      expect(stored[node.index - 1], `counters on node ${node.index}`).toEqual(stored[0]);
      const events = await auditCounts(db, orderIds);
      // Each change moved the version once and wrote one event, on every order.
      for (const id of orderIds) {
        expect(events.versions[id]! - eventsBefore.versions[id]!, `order ${id} on node ${node.index}`).toBe(
          events.perOrder[id]! - eventsBefore.perOrder[id]!,
        );
      }
      const moves = events.moves - eventsBefore.moves;
      expect(moves).toBeGreaterThanOrEqual(succeeded('move').length);
      expect(moves).toBeLessThanOrEqual(succeeded('move').length + unknown('move').length);
      const texts = succeeded('comment').map((o) => o.text!);
      const remarks = await db('remarks').where('remark', 'like', 'fault: %').pluck('remark');
      // Every comment answered 200 is there once; one whose answer was lost is there at most once.
      expect(remarks.filter((t: string) => texts.includes(t)).sort()).toEqual([...texts].sort());
      expect(new Set(remarks).size).toBe(remarks.length);
      expect(remarks.length - texts.length).toBeLessThanOrEqual(unknown('comment').length);
    }
    await recountOrderCounters(cluster.nodeDb(1));
    expect(await storedCounters(cluster.nodeDb(1))).toEqual(stored[0]);
  });
});

async function auditCounts(db: Knex, orderIds: number[]) {
  const versions = await db('orders').whereIn('order_id', orderIds).select('order_id', 'version');
  const events = await db('audit_events')
    .whereIn('order_id', orderIds)
    .groupBy('order_id')
    .select('order_id', db.raw('count(*) as n'));
  const moves = await db('audit_events')
    .whereIn('order_id', orderIds)
    .where({ action: 'move' })
    .count({ n: '*' })
    .first();
  const perOrder: Record<number, number> = Object.fromEntries(orderIds.map((id) => [id, 0]));
  for (const e of events) perOrder[Number(e.order_id)] = Number(e.n);
  return {
    versions: Object.fromEntries(versions.map((v) => [Number(v.order_id), Number(v.version)])) as Record<
      number,
      number
    >,
    perOrder,
    moves: Number(moves?.n ?? 0),
  };
}
