/**
 * Automation's bench entries: a move with 20 event rules on (none of them matching the order) beside the
 * same move with none, and a pass of the time rules' scheduler that finds nothing due, with the rows it
 * reads (MySQL's handler counters). The app runs in this process on one connection, so that the rows
 * read are the pass's alone. Moves an order back and forth, and removes its rules when done.
 */
import type { Knex } from 'knex';
import { buildApp } from '../../api/src/app.js';
import type { AppConfig } from '../../api/src/config.js';
import type { Member } from '../../api/src/types.js';
import { handlerReads, percentile, round } from './measure.js';

const MOVES = 200;
const EVENT_RULES = 20;
const TIME_RULES = 5;
const BENCH_PREFIX = 'bench: ';

export async function automationRows(config: AppConfig, db: Knex, mysql: boolean) {
  const app = await buildApp({ config: { ...config, mailWorker: false }, db });
  await app.ready();
  const rows: Array<Record<string, unknown>> = [];
  try {
    const admin = await db('team_members').where({ type: 'Admin' }).orderBy('id').first('id', 'name', 'email', 'type');
    const member: Member = { ...admin, id: Number(admin.id) };
    const order = await db('orders')
      .where({ process_status: 'Awaiting' })
      .orderBy('order_id', 'desc')
      .first('order_id');
    const id = Number(order.order_id);
    const moves = async () => {
      const samples: number[] = [];
      for (let i = 0; i < MOVES; i++) {
        const t = process.hrtime.bigint();
        await app.ordersService.moveOrders(db, member, [id], i % 2 ? 'Awaiting' : 'AwaitingGovt');
        samples.push(Number(process.hrtime.bigint() - t) / 1e6);
        // The rules run after the move's answer; the next move waits for them, so that it measures a move alone.
        await app.automation.settled();
      }
      if (MOVES % 2) await app.ordersService.moveOrders(db, member, [id], 'Awaiting');
      samples.sort((a, b) => a - b);
      return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)) };
    };
    const without = await moves();
    for (let i = 0; i < EVENT_RULES; i++)
      await db('automation_rules').insert({
        name: `${BENCH_PREFIX}event ${i}`,
        enabled: true,
        trigger_json: JSON.stringify({ type: 'event', event: 'order.moved' }),
        conditions_json: JSON.stringify({ full_name: `nobody ${i}` }),
        actions_json: JSON.stringify([{ type: 'comment', text: 'never' }]),
        position: i,
        created_at: '2026-01-01 00:00:00',
        updated_at: '2026-01-01 00:00:00',
      });
    const withRules = await moves();
    rows.push(
      { endpoint: 'move, no rule', ...without },
      { endpoint: `move, ${EVENT_RULES} event rules`, ...withRules },
    );
    await db('automation_rules').where('name', 'like', `${BENCH_PREFIX}%`).del();

    for (let i = 0; i < TIME_RULES; i++)
      await db('automation_rules').insert({
        name: `${BENCH_PREFIX}time ${i}`,
        enabled: true,
        trigger_json: JSON.stringify({ type: 'time', status: 'Awaiting', afterMinutes: 2880 + i }),
        conditions_json: JSON.stringify({ full_name: `nobody ${i}` }),
        actions_json: JSON.stringify([{ type: 'comment', text: 'never' }]),
        position: i,
        created_at: '2026-01-01 00:00:00',
        updated_at: '2026-01-01 00:00:00',
      });
    // The first pass reads every order in the status once (nothing passes the conditions); the next finds nothing due.
    await app.automation.runDueRules();
    const t = process.hrtime.bigint();
    const read = mysql ? await handlerReads(db, () => app.automation.runDueRules()) : NaN;
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    rows.push({ endpoint: `scheduler pass, ${TIME_RULES} time rules, nothing due`, p50: round(ms), 'rows read': read });
  } finally {
    await db('automation_rules').where('name', 'like', `${BENCH_PREFIX}%`).del();
    await app.close();
  }
  return rows;
}
