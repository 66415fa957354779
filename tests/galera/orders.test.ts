import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { transactionRetryStats } from '../../api/src/db/retry.js';
import { recountOrderCounters } from '../../api/src/modules/orders/counters.js';
import { verifyChain } from '../../api/src/modules/audit/service.js';
import { storedCounters } from '../helpers/consistency.js';
import { migrateLatest, migrationSource } from '../../migrations/index.js';
import { createClusterDb, NODES, startNodeApp, type ClusterDb, type NodeApp } from '../helpers/galera.js';
import { openLiveStream } from '../helpers/liveStream.js';
import { REDIS_URL } from '../setup/redis.js';

const STATUSES = ['Awaiting', 'Contact Customer', 'AwaitingGovt', 'Customer Called'];
const WORKERS_PER_APP = 4;
const OPS_PER_WORKER = 50;

/** Per order: its version and how many audit events it has. */
async function versionsAndEvents(db: Knex, orderIds: number[]) {
  const versions = await db('orders').whereIn('order_id', orderIds).select('order_id', 'version');
  const events = await db('audit_events')
    .whereIn('order_id', orderIds)
    .groupBy('order_id')
    .select('order_id', db.raw('count(*) as n'));
  const eventsOf = new Map(events.map((e) => [Number(e.order_id), Number(e.n)]));
  return Object.fromEntries(
    versions.map((v) => [
      Number(v.order_id),
      { version: Number(v.version), events: eventsOf.get(Number(v.order_id)) ?? 0 },
    ]),
  );
}

/**
 * The orders API on a three-node Galera cluster: three app instances (as three API processes with
 * Redis), each on its own node, change the same few orders at once. Every request answers (the
 * conflicts Galera's certification finds are run again inside the request), and every node ends
 * with the same counters, equal to a recount, and each change audited once, in one audit chain.
 */
describe.runIf(inject('galeraAvailable'))('the orders API on a three-node Galera cluster', () => {
  let cluster: ClusterDb;
  let apps: NodeApp[];

  beforeAll(async () => {
    cluster = await createClusterDb();
    const redisUrl = inject('redisAvailable') ? REDIS_URL : '';
    apps = await Promise.all(NODES.map((n) => startNodeApp(cluster, n.index, { redisUrl })));
  });
  afterAll(async () => {
    await Promise.all((apps ?? []).map((a) => a.app.close()));
    await cluster?.drop();
  });

  it('gives every table a primary key (Galera replicates rows by key)', async () => {
    const missing = await cluster.nodeDb(1).raw(
      `SELECT t.table_name AS name FROM information_schema.tables t
       WHERE t.table_schema = ? AND t.table_type = 'BASE TABLE' AND NOT EXISTS (
         SELECT 1 FROM information_schema.table_constraints c
         WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.constraint_type = 'PRIMARY KEY')`,
      [cluster.name],
    );
    expect(missing[0].map((r: { name: string }) => r.name)).toEqual([]);
  });

  it('migrates once when three processes migrate an empty database through three nodes at once', async () => {
    const empty = await createClusterDb({ seed: false, migrate: false });
    try {
      const outcomes = await Promise.allSettled(NODES.map((n) => migrateLatest(empty.nodeDb(n.index))));
      // Whoever lost the race waited for the winner: every process starts, each migration ran once.
      expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String(o.reason))).toEqual([]);
      const names = await empty.nodeDb(2)('knex_migrations').orderBy('id').pluck('name');
      expect(names).toEqual(await migrationSource.getMigrations([]));
    } finally {
      await empty.drop();
    }
  });

  it.runIf(inject('redisAvailable'))(
    'shows a move made through node 1 on a live stream of the process on node 3, which then reads it there',
    async () => {
      const streamApp = apps[2]!;
      await streamApp.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = streamApp.app.server.address() as AddressInfo;
      const stream = await openLiveStream(`http://127.0.0.1:${port}`, { token: streamApp.tokens.manager! });
      try {
        const [orderId] = await cluster.nodeDb(1)('orders').where({ process_status: 'New' }).limit(1).pluck('order_id');
        const moved = await apps[0]!.call(apps[0]!.tokens.manager!, {
          method: 'PUT',
          url: '/api/admin/change-order-status',
          payload: { orderId, updatingStatus: 'AwaitingGovt' },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        await stream.next((e) => e.type === 'order.changed' && e.orderId === Number(orderId));
        // Read at once through node 3, as a screen told of the change does: never the state before it.
        const details = await streamApp.call(streamApp.tokens.manager!, {
          method: 'GET',
          url: `/api/admin/get-orders-details/${orderId}`,
        });
        expect(JSON.stringify(details.json())).toContain('"process_status":"AwaitingGovt"');
      } finally {
        stream.close();
      }
    },
  );

  /**
   * Each app's workers move, assign, unassign and comment at full rate, each on the order `orderOf`
   * names, then every node is checked: nothing failed (a 5xx), every change audited once with its
   * version moved once, every comment stored once, counters equal on every node and to a recount.
   */
  async function changeAtOnce(
    label: string,
    orderIds: number[],
    orderOf: (node: number, w: number, i: number) => number,
  ) {
    const db1 = cluster.nodeDb(1);
    const before = await versionsAndEvents(db1, orderIds);
    const moveEventsOn = async (db: Knex) =>
      Number(
        (await db('audit_events').whereIn('order_id', orderIds).where({ action: 'move' }).count({ n: '*' }).first())?.n,
      );
    const movesBefore = await moveEventsOn(db1);
    const stats = { ...transactionRetryStats };
    const outcomes = new Map<string, number>();
    const failures: string[] = [];
    const comments: string[] = [];
    let moves = 0;
    let changes = 0;

    const worker = async (app: NodeApp, w: number) => {
      for (let i = 0; i < OPS_PER_WORKER; i++) {
        const orderId = orderOf(app.node, w, i);
        const kind = ['move', 'assign', 'unassign', 'comment'][(i + w) % 4]!;
        const role = kind === 'move' ? ['admin', 'manager'][w % 2]! : ['team', 'admin', 'manager'][w % 3]!;
        const token = app.tokens[role]!;
        const text = `${label}: node ${app.node} worker ${w} op ${i}`;
        const res =
          kind === 'move'
            ? await app.call(token, {
                method: 'PUT',
                url: '/api/admin/change-order-status',
                payload: { orderId, updatingStatus: STATUSES[(i + app.node) % STATUSES.length] },
              })
            : kind === 'assign'
              ? await app.call(token, { method: 'PUT', url: '/api/admin/assign-order-status', payload: { orderId } })
              : kind === 'unassign'
                ? await app.call(token, { method: 'PUT', url: '/api/admin/unassign-order', payload: { orderId } })
                : await app.call(token, {
                    method: 'POST',
                    url: '/api/admin/add-new-remark',
                    payload: { orderId, remark: text },
                  });
        const key = `${kind} ${res.statusCode}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        if (res.statusCode >= 500) failures.push(`${kind} on node ${app.node}: ${res.statusCode} ${res.body}`);
        if (res.statusCode === 200) {
          changes++;
          if (kind === 'move') moves++;
          if (kind === 'comment') comments.push(text);
        }
      }
    };
    const started = Date.now();
    await Promise.all(apps.flatMap((app) => Array.from({ length: WORKERS_PER_APP }, (_, w) => worker(app, w))));
    const seconds = (Date.now() - started) / 1000;
    const requests = [...outcomes.values()].reduce((a, b) => a + b, 0);
    const conflicts = transactionRetryStats.conflicts - stats.conflicts;
    console.log(
      `[galera] ${label}: ${requests} requests through 3 nodes in ${seconds.toFixed(1)} s ` +
        `(${(requests / seconds).toFixed(0)}/s), ${changes} answered 200; conflicts ${conflicts} ` +
        `(${((100 * conflicts) / Math.max(changes, 1)).toFixed(1)} per 100 changes), ` +
        `retries ${transactionRetryStats.retries - stats.retries}, gave up ${transactionRetryStats.exhausted - stats.exhausted}; ` +
        `answers: ${JSON.stringify(Object.fromEntries([...outcomes].sort()))}`,
    );
    expect(failures).toEqual([]);

    const stored = await Promise.all(NODES.map((n) => storedCounters(cluster.nodeDb(n.index))));
    for (const node of NODES) {
      const db = cluster.nodeDb(node.index);
      const after = await versionsAndEvents(db, orderIds);
      // Every change moved its order's version once and wrote one audit event.
      for (const id of orderIds) {
        expect(after[id]!.version - before[id]!.version, `order ${id} on node ${node.index}`).toBe(
          after[id]!.events - before[id]!.events,
        );
      }
      // Each move answered 200 moved its order once, and each comment is stored once: none lost, none twice.
      expect((await moveEventsOn(db)) - movesBefore, `moves on node ${node.index}`).toBe(moves);
      const remarks = await db('remarks').whereIn('remark', comments).pluck('remark');
      expect(remarks.sort(), `comments on node ${node.index}`).toEqual([...comments].sort());
      expect(stored[node.index - 1], `counters on node ${node.index}`).toEqual(stored[0]);
      // The three nodes wrote one audit chain: every link holds, read on every node.
      expect((await verifyChain(db)).broken, `audit chain on node ${node.index}`).toBeNull();
    }
    await recountOrderCounters(db1);
    expect(await storedCounters(db1)).toEqual(stored[0]);
  }

  it('keeps every change when each node changes its own orders (only the shared counter and rank rows meet)', async () => {
    const orderIds = (await cluster.nodeDb(1)('orders').orderBy('order_id').limit(24).pluck('order_id')).map(Number);
    // Node n works on orders n-1, n+2, n+5, ...: no order row is written through two nodes.
    await changeAtOnce('own orders', orderIds, (node, w, i) => orderIds[(node - 1 + 3 * ((w * 7 + i * 5) % 8)) % 24]!);
  });

  it('keeps every change when all three nodes change the same dozen orders at once', async () => {
    const orderIds = (await cluster.nodeDb(1)('orders').orderBy('order_id').limit(12).pluck('order_id')).map(Number);
    await changeAtOnce('same orders', orderIds, (node, w, i) => orderIds[(w * 7 + i * 5 + node) % orderIds.length]!);
  });
});
