import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Knex } from 'knex';
import { dayjs, DB_DATE, DB_DATETIME, todayUtc } from '@app/domain';
import { createRng, minimalPdf } from '../../../seeds/generator.js';
import { recountOrderCounters } from '../../../api/src/modules/orders/counters.js';
import { rebuildReportRollups } from '../../../api/src/modules/reports/rollups.js';
import { applyQueuedRollupChanges } from '../../../api/src/modules/reports/rollupWorker.js';
import { countryReport, processedByReport, queuedRollupChanges } from '../../../api/src/modules/reports/service.js';
import { rollupsAndRebuild, rollupsSettled, storedRollups } from '../../helpers/consistency.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { postUpload } from '../../helpers/upload.js';

const STAFF = ['admin@demo.test', 'manager@demo.test', 'team@demo.test', 'telecaller@demo.test'];
const TARGETS = [
  'Awaiting',
  'Refunds',
  'Completed',
  'Contact Customer',
  'AwaitingGovt',
  'Customer Called',
  'ChargeBack',
];

/** Stored datetimes of UTC days `from` to `to` included, as the reports have always bounded them. */
const bounds = (from: string, to: string): [string, string] => [
  dayjs.utc(from).format(DB_DATETIME),
  dayjs.utc(to).add(1, 'day').format(DB_DATETIME),
];

/** The country report as a scan of the orders (what it read before the report totals). */
async function scanCountry(db: Knex, from: string, to: string) {
  const [start, end] = bounds(from, to);
  const countIf = (mode: string) => db.raw('SUM(CASE WHEN processing_mode = ? THEN 1 ELSE 0 END)', [mode]);
  const rows = await db('orders')
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .whereNot('process_status', 'Deleted')
    .groupByRaw('COALESCE(nationality, ?)', [''])
    .select({
      nationality: db.raw('COALESCE(nationality, ?)', ['']),
      count: db.raw('COUNT(*)'),
      standard_count: countIf('Standard'),
      priority_count: countIf('Priority'),
      future_count: countIf('Future'),
    })
    .orderByRaw('COUNT(*) DESC, 1 ASC');
  return rows.map((r: Record<string, string | number>) => ({
    nationality: r.nationality === '' ? null : r.nationality,
    count: Number(r.count),
    standard_count: Number(r.standard_count),
    priority_count: Number(r.priority_count),
    future_count: Number(r.future_count),
  }));
}

/** The Processed By report as a scan of the orders. */
async function scanProcessedBy(db: Knex, from: string, to: string) {
  const [start, end] = bounds(from, to);
  const rows = await db('orders')
    .where('processed_at', '>=', start)
    .where('processed_at', '<', end)
    .whereNotNull('processed_by')
    .groupBy('processed_by')
    .select('processed_by', { count: db.raw('COUNT(*)') })
    .orderByRaw('COUNT(*) DESC, processed_by ASC');
  return rows.map((r: Record<string, string | number>) => ({ processed_by: r.processed_by, count: Number(r.count) }));
}

/**
 * The country and Processed By reports read day and month totals, which the rollup worker keeps from the
 * changes the change path queues. Whatever staff do, on whatever day, every range of either report must
 * equal a scan of the orders once the worker has applied them.
 */
describe.each(dialects())('report rollups on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // Two orders without a nationality (NULL and '') and one of another mode, written straight into
    // the table as a bulk load would, then the totals rebuilt as a bulk load does.
    const { order_id: _, ...order } = await t.db('orders').orderBy('order_id', 'desc').first();
    await t.db('orders').insert([
      { ...order, nationality: null, created_at: dayjs.utc().subtract(2, 'day').format(DB_DATETIME) },
      { ...order, nationality: '', created_at: dayjs.utc().subtract(1, 'day').format(DB_DATETIME) },
      // A processing mode outside the three splits: in the total only, as the scan counts it.
      { ...order, processing_mode: 'Express', created_at: dayjs.utc().subtract(1, 'day').format(DB_DATETIME) },
    ]);
    await recountOrderCounters(t.db);
    await rebuildReportRollups(t.db);
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Random changes through the API on one day (the clock set to it), as each member signs in that day. */
  async function workOn(day: dayjs.Dayjs, rng: ReturnType<typeof createRng>, ids: number[], steps: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(day.toDate());
    const tokens = new Map<string, string>();
    for (const email of STAFF) tokens.set(email, await t.login(email));
    const outcomes: number[] = [];
    for (let step = 0; step < steps; step++) {
      const token = tokens.get(rng.pick(STAFF))!;
      const manager = tokens.get('manager@demo.test')!;
      const orderId = rng.pick(ids);
      const put = (url: string, payload: object, as = token) => t.call(as, { method: 'PUT', url, payload });
      const action = rng.pick([
        'move',
        'move',
        'delete',
        'undelete',
        'restore',
        'upload',
        'upload',
        'refund',
        'assign',
        'bulk',
      ]);
      let res;
      if (action === 'move') {
        res = await put('/api/admin/change-order-status', { orderId, updatingStatus: rng.pick(TARGETS) });
      } else if (action === 'delete') {
        res = await put('/api/admin/change-order-status', { orderId, updatingStatus: 'Deleted' }, manager);
      } else if (action === 'undelete') {
        const deleted = await t.db('orders').where('process_status', 'Deleted').first('order_id');
        const target = rng.pick(TARGETS);
        const payload = { orderId: deleted?.order_id ?? orderId, updatingStatus: target };
        res = await put('/api/admin/change-order-status', payload, manager);
      } else if (action === 'restore') {
        res = await put('/api/admin/restore-order', { orderId }, manager);
      } else if (action === 'upload') {
        const order = await t.db('orders').where({ order_id: orderId }).first('email');
        res = await postUpload(t, token, {
          orderId,
          email: order.email,
          file: { bytes: minimalPdf([`Order ${orderId}`]), name: 'card.pdf' },
        });
      } else if (action === 'refund') {
        res = await put('/api/admin/move-to-complete-refund', { orderId });
      } else if (action === 'assign') {
        res = await put('/api/admin/assign-order-status', { orderId });
      } else {
        const orderIds = [rng.pick(ids), rng.pick(ids), rng.pick(ids)];
        res = await put(
          '/api/admin/move-order-status',
          { orderIds, updatingStatus: rng.pick(['Deleted', ...TARGETS]) },
          manager,
        );
      }
      expect(res.statusCode, `${action} ${orderId}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode === 200) outcomes.push(1);
    }
    vi.useRealTimers();
    return outcomes.length;
  }

  it('equal a scan of the orders for every range after random changes over several days', async () => {
    const rng = createRng(dialect === 'mysql' ? 23 : 29);
    const ids: number[] = (await t.db('orders').orderBy('order_id').pluck('order_id')).map(Number);
    const today = dayjs.utc(todayUtc());
    let changed = 0;
    // Three days back to today, each at a different hour: uploads land on each of those days.
    for (const back of [3, 2, 1, 0])
      changed += await workOn(today.subtract(back, 'day').add(9 + back, 'hour'), rng, ids, 40);
    expect(changed).toBeGreaterThan(60);
    await rollupsSettled(t.db);

    const span = await t
      .db('orders')
      .min({ first: 'created_at' })
      .max({ created: 'created_at', processed: 'processed_at' })
      .first()
      .then((row) => row!);
    const first = dayjs.utc(String(span.first).slice(0, 10)).subtract(1, 'day');
    const lastDay = [span.created, span.processed].map((d) => String(d).slice(0, 10)).sort()[1]!;
    const last = dayjs.utc(lastDay).add(1, 'day');
    const expectEqual = async (from: string, to: string) => {
      expect(await countryReport(t.db, from, to), `country ${from}..${to}`).toEqual(await scanCountry(t.db, from, to));
      expect(await processedByReport(t.db, from, to), `processed ${from}..${to}`).toEqual(
        await scanProcessedBy(t.db, from, to),
      );
    };
    // Every single day, the day before the first order and the day after the last change included.
    for (let day = first; !day.isAfter(last); day = day.add(1, 'day')) {
      await expectEqual(day.format(DB_DATE), day.format(DB_DATE));
    }
    // Whole months (read from month rows), and a day more or less at either end of them.
    for (let month = first.startOf('month'); !month.isAfter(last); month = month.add(1, 'month')) {
      const [start, end] = [month, month.endOf('month')];
      await expectEqual(start.format(DB_DATE), end.format(DB_DATE));
      await expectEqual(start.subtract(1, 'day').format(DB_DATE), end.add(1, 'day').format(DB_DATE));
      await expectEqual(start.add(1, 'day').format(DB_DATE), end.add(1, 'month').format(DB_DATE));
    }
    // Random ranges, the whole span, and a year with no orders at all.
    const days = last.diff(first, 'day');
    for (let i = 0; i < 40; i++) {
      const a = first.add(rng.int(0, days), 'day');
      const b = a.add(rng.int(0, days), 'day');
      await expectEqual(a.format(DB_DATE), b.format(DB_DATE));
    }
    await expectEqual(first.format(DB_DATE), last.format(DB_DATE));
    await expectEqual('2000-01-01', last.format(DB_DATE));
    await expectEqual('1990-01-01', '1990-12-31');
    expect(await countryReport(t.db, '1990-01-01', '1990-12-31')).toEqual([]);

    // The routes answer from the same totals.
    const token = await t.login('admin@demo.test');
    const range = { fromDate: first.format(DB_DATE), toDate: last.format(DB_DATE) };
    const call = (url: string) => t.call(token, { method: 'POST', url, payload: range });
    expect((await call('/api/admin/get-country-order-count')).json().data).toEqual(
      await scanCountry(t.db, range.fromDate, range.toDate),
    );
    expect((await call('/api/admin/get-processed-by-count')).json().data).toEqual(
      await scanProcessedBy(t.db, range.fromDate, range.toDate),
    );
    // The orders without a nationality count as one group of none.
    const none = (await countryReport(t.db, range.fromDate, range.toDate)).find(
      (r: { nationality: unknown }) => r.nationality === null,
    );
    expect(none?.count).toBeGreaterThan(0);

    // And the stored totals are exactly what a rebuild from the orders makes.
    const stored = await storedRollups(t.db);
    await rebuildReportRollups(t.db);
    expect(stored).toEqual(await storedRollups(t.db));
  });

  it('applies each queued change exactly once, with rounds of several workers at once', async () => {
    const token = await t.login('manager@demo.test');
    const ids: number[] = (
      await t.db('orders').whereNot('process_status', 'Deleted').orderBy('order_id', 'desc').limit(30).pluck('order_id')
    ).map(Number);
    const moves = ids.map((orderId, i) =>
      t.call(token, {
        method: 'PUT',
        url: '/api/admin/change-order-status',
        payload: { orderId, updatingStatus: i % 3 ? 'Deleted' : 'Completed' },
      }),
    );
    // Small rounds beside the app's own worker, each taking rows the others have not locked.
    const rounds = Array.from({ length: 4 }, async () => {
      for (let i = 0; i < 20; i++) await applyQueuedRollupChanges(t.db, 3);
    });
    const answers = await Promise.all(moves);
    // Some moves are refused by the rules (an order already there, or not movable): those change nothing.
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThan(10);
    await Promise.all(rounds);
    const { stored, rebuilt } = await rollupsAndRebuild(t.db);
    expect(stored).toEqual(rebuilt);
  });

  it('keeps a change queued while its round fails, and applies it once the database answers again', async () => {
    const token = await t.login('manager@demo.test');
    const order = await t.db('orders').whereNot('process_status', 'Deleted').orderBy('order_id').first('order_id');
    // Every round fails while the day totals are away (as on a database that does not answer).
    await t.db.schema.renameTable('report_country_totals', 'report_country_totals_away');
    try {
      const res = await t.call(token, {
        method: 'PUT',
        url: '/api/admin/change-order-status',
        payload: { orderId: order.order_id, updatingStatus: 'Deleted' },
      });
      expect(res.statusCode, res.body).toBe(200);
      // The app's worker may hold the change for its own failing round: asked until a round here takes it.
      await vi.waitFor(() => expect(applyQueuedRollupChanges(t.db)).rejects.toThrow(), { interval: 20 });
      expect(await queuedRollupChanges(t.db)).toBeGreaterThan(0);
    } finally {
      await t.db.schema.renameTable('report_country_totals_away', 'report_country_totals');
    }
    const { stored, rebuilt } = await rollupsAndRebuild(t.db);
    expect(stored).toEqual(rebuilt);
  });
});
