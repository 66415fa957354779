/**
 * Automation's bench entries, with 5 SLA policies in place: a move with 20 event rules on (none of them
 * matching the order) beside the same move with none; then, beside those 20, 5 time rules each due on about
 * FIRED_PER_RULE orders of its own status: the pass that fires on them all (about 1,000 orders, a comment
 * each), on an app with the configured pool (its firings run a few at once), and the next pass, which finds
 * nothing due, with the rows they read (MySQL's handler counters, summed over the pool's connections). The
 * other entries run on one connection, so that the rows read are the call's alone. Moves an order
 * back and forth, leaves the comments its time rules wrote, and removes its rules and policies when done.
 */
import os from 'node:os';
import type { Knex } from 'knex';
import { isTimedTrigger, nowUtc, type RuleTrigger, type Status } from '@app/domain';
import { buildApp } from '../../api/src/app.js';
import type { AppConfig } from '../../api/src/config.js';
import { createDb } from '../../api/src/db/knex.js';
import type { Member } from '../../api/src/types.js';
import { handlerReads, percentile, round } from './measure.js';

const MOVES = 200;
const EVENT_RULES = 20;
const SLA_POLICIES = 5;
/** The time rules' statuses, one rule each. */
const TIME_STATUSES: Status[] = ['Awaiting', 'AwaitingGovt', 'Contact Customer', 'Customer Called', 'Refunds'];
const FIRED_PER_RULE = 200;
const BENCH_PREFIX = 'bench: ';
const STAMP = '2026-01-01 00:00:00';

const rule = (name: string, position: number, trigger: RuleTrigger, conditions: object, text: string) => ({
  name: `${BENCH_PREFIX}${name}`,
  enabled: true,
  timed: isTimedTrigger(trigger),
  trigger_json: JSON.stringify(trigger),
  conditions_json: JSON.stringify(conditions),
  actions_json: JSON.stringify([{ type: 'comment', text }]),
  position,
  created_at: STAMP,
  updated_at: STAMP,
});

/**
 * Minutes after which the FIRED_PER_RULE-th order that entered `status` longest ago is due: a time rule
 * on the status waiting that long fires on about that many orders (those that entered in the same minute too).
 * An order without status_entered_at (written by the sites, or by seed:bulk) entered it when it was created.
 */
async function minutesDueOn(db: Knex, status: string, now: Date) {
  const first = (column: string, written: boolean) =>
    db('orders')
      .where('process_status', status)
      .modify((q) => (written ? q.whereNull('status_entered_at') : q.whereNotNull('status_entered_at')))
      .orderBy(column)
      .limit(FIRED_PER_RULE)
      .pluck(column);
  const times = [...(await first('status_entered_at', false)), ...(await first('created_at', true))]
    .map((time) => Date.parse(`${String(time).slice(0, 19).replace(' ', 'T')}Z`))
    .sort((a, b) => a - b);
  const nth = times[FIRED_PER_RULE - 1];
  if (nth === undefined) throw new Error(`Fewer than ${FIRED_PER_RULE} orders are ${status}: seed more orders.`);
  return Math.floor((now.getTime() - nth) / 60_000);
}

type MysqlConnection = {
  threadId: number;
  query(sql: string, done: (error: Error | null, rows: Array<{ Value: string }>) => void): void;
};

/**
 * Rows MySQL reads for a call made over a pool of `size` connections: each connection's session counters,
 * read before and after (every connection taken at once, so each is read), summed.
 */
async function poolReads(db: Knex, size: number, call: () => Promise<unknown>) {
  const client = db.client as {
    acquireConnection(): Promise<MysqlConnection>;
    releaseConnection(conn: MysqlConnection): Promise<void>;
  };
  const counters = async () => {
    const conns = await Promise.all(Array.from({ length: size }, () => client.acquireConnection()));
    try {
      const read = (conn: MysqlConnection) =>
        new Promise<[number, number]>((resolve, reject) =>
          conn.query("SHOW SESSION STATUS LIKE 'Handler_read%'", (error, rows) =>
            error ? reject(error) : resolve([conn.threadId, rows.reduce((n, r) => n + Number(r.Value), 0)]),
          ),
        );
      return new Map(await Promise.all(conns.map(read)));
    } finally {
      await Promise.all(conns.map((conn) => client.releaseConnection(conn)));
    }
  };
  const before = await counters();
  await call();
  const after = await counters();
  // The SHOW itself reads a few rows of its own: measured by a second one and taken off.
  const again = await counters();
  let reads = 0;
  for (const [thread, n] of after) reads += n - (before.get(thread) ?? 0) - ((again.get(thread) ?? n) - n);
  return reads;
}

/** Rows the call reads on MySQL; on SQLite the call alone, and NaN. */
const handlerReadsIf = async (mysql: boolean, db: Knex, call: () => Promise<unknown>) =>
  mysql ? handlerReads(db, call) : (await call(), NaN);

export async function automationRows(config: AppConfig, db: Knex, mysql: boolean) {
  const app = await buildApp({ config: { ...config, mailWorker: false }, db });
  await app.ready();
  const rows: Array<Record<string, unknown>> = [];
  const clear = async () => {
    await db('automation_rules').where('name', 'like', `${BENCH_PREFIX}%`).del();
    await db('sla_policies').where('name', 'like', `${BENCH_PREFIX}%`).del();
  };
  try {
    const admin = await db('team_members').where({ type: 'Admin' }).orderBy('id').first('id', 'name', 'email', 'type');
    const member: Member = { ...admin, id: Number(admin.id) };
    for (let i = 0; i < SLA_POLICIES; i++)
      await db('sla_policies').insert({
        name: `${BENCH_PREFIX}policy ${i}`,
        position: 100 + i,
        policy_json: JSON.stringify({
          conditions: { processing_mode: i % 2 ? 'Priority' : 'Standard' },
          targetMinutes: 120 * (i + 1),
          warnAtPercent: 75,
          pauseStatuses: ['Awaiting', 'AwaitingGovt'],
          businessHours: { timeZone: 'UTC', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
          holidays: [],
          breachActions: [],
        }),
        created_at: STAMP,
        updated_at: STAMP,
      });
    const order = await db('orders')
      .where({ process_status: 'Awaiting' })
      .orderBy('order_id', 'desc')
      .first('order_id');
    const id = Number(order.order_id);
    const moveTo = (i: number) => app.ordersService.moveOrders(db, member, [id], i % 2 ? 'Awaiting' : 'AwaitingGovt');
    const moves = async () => {
      const samples: number[] = [];
      for (let i = 0; i < MOVES; i++) {
        const t = process.hrtime.bigint();
        await moveTo(i);
        samples.push(Number(process.hrtime.bigint() - t) / 1e6);
        // The rules run after the move's answer; the next move waits for them, so that it measures a move alone.
        await app.automation.settled();
      }
      // Rows one move and the rules after it read: a figure the machine's load does not move.
      const read = await handlerReadsIf(mysql, db, async () => {
        await moveTo(MOVES);
        await app.automation.settled();
      });
      await moveTo(MOVES + 1);
      samples.sort((a, b) => a - b);
      return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), 'rows read': read };
    };
    const without = await moves();
    for (let i = 0; i < EVENT_RULES; i++)
      await db('automation_rules').insert(
        rule(`event ${i}`, i, { type: 'event', event: 'order.moved' }, { full_name: `nobody ${i}` }, 'never'),
      );
    const withRules = await moves();
    rows.push(
      { endpoint: `move, no rule (${SLA_POLICIES} SLA policies)`, ...without },
      {
        endpoint: `move, ${EVENT_RULES} event rules`,
        ...withRules,
        'p95 over no rule': round(withRules.p95 - without.p95),
      },
    );

    const now = app.clock.now();
    for (const [i, status] of TIME_STATUSES.entries()) {
      const afterMinutes = await minutesDueOn(db, status, now);
      await db('automation_rules').insert(
        rule(`time ${i}`, EVENT_RULES + i, { type: 'time', status, afterMinutes }, {}, `Waited in ${status} (bench).`),
      );
    }
    // The first pass fires on every order due, on an app of its own with the configured pool (its firings
    // run a few at once over it); the next finds nothing due (each rule scanned up to its pass).
    const pooled = createDb(config);
    const firing = await buildApp({ config: { ...config, mailWorker: false }, db: pooled });
    await firing.ready();
    const size = (pooled.client.config as Knex.Config).pool?.max ?? 1;
    let t = process.hrtime.bigint();
    let fired = 0;
    let firingReads = NaN;
    try {
      const pass = async () => {
        fired = await firing.automation.runDueRules();
        await firing.automation.settled();
      };
      if (mysql) firingReads = await poolReads(pooled, size, pass);
      else await pass();
    } finally {
      await firing.close();
      await pooled.destroy();
    }
    rows.push({
      endpoint: `scheduler pass, ${TIME_STATUSES.length} time rules beside ${EVENT_RULES} event rules, firing (pool of ${size})`,
      p50: round(Number(process.hrtime.bigint() - t) / 1e6),
      fired,
      'rows read': firingReads,
      at: nowUtc(now),
      'load 1m': os.loadavg()[0]!.toFixed(2),
    });
    t = process.hrtime.bigint();
    const read = await handlerReadsIf(mysql, db, () => app.automation.runDueRules());
    rows.push({
      endpoint: `scheduler pass, ${TIME_STATUSES.length} time rules beside ${EVENT_RULES} event rules, nothing due`,
      p50: round(Number(process.hrtime.bigint() - t) / 1e6),
      'rows read': read,
      'load 1m': os.loadavg()[0]!.toFixed(2),
    });
  } finally {
    await clear();
    await app.close();
  }
  return rows;
}
