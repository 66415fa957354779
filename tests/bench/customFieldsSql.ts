/**
 * SQL shapes of a queue page filtered by a custom choice field and sorted by a custom date field, its total,
 * and a custom queue's count, timed straight on MySQL (no API): which shape and which indexes keep them in
 * budget. Run on a bulk database:
 *   DATABASE_URL=mysql://root@127.0.0.1:3306/bench_cf node --import tsx tests/bench/customFieldsSql.ts [--setup] [filter]
 * --setup fills visa_type (choice, 80% of orders) and callback_at (date, 60%) and the custom queue
 * "Priority, Awaiting Customer, Visa type = Business" in SQL. A filter (text) runs only the shapes whose name has it.
 */
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { loadConfig } from '../../api/src/config.js';
import { createDb } from '../../api/src/db/knex.js';
import { fillCustomValues } from '../../seeds/bulk/customValues.js';
import { handlerReads, percentile, round } from './measure.js';

export const BENCH_QUEUE = 'priority_awaiting_business';

/** The values and the custom queue the custom-field bench measures, in SQL (a bench database only). */
export async function setupCustomFields(db: Knex) {
  const written = await fillCustomValues(db, [
    { id: 'visa_type', type: 'choice', share: 0.8, choices: ['Tourist', 'Business', 'Transit', 'Other'] },
    { id: 'callback_at', type: 'date', share: 0.6, from: '2026-01-01', days: 365 },
  ]);
  await db('custom_queue_orders').where('queue_id', BENCH_QUEUE).delete();
  await db.raw(
    `INSERT INTO custom_queue_orders (queue_id, order_id)
     SELECT ?, o.order_id FROM orders o JOIN order_values v ON v.order_id = o.order_id AND v.field_id = 'visa_type'
     WHERE o.process_status = 'Awaiting' AND o.processing_mode = 'Priority' AND v.value_text = 'Business'`,
    [BENCH_QUEUE],
  );
  await db('custom_queue_counters').where('queue_id', BENCH_QUEUE).delete();
  await db.raw(
    `INSERT INTO custom_queue_counters (queue_id, shard, count) SELECT ?, 0, COUNT(*) FROM custom_queue_orders WHERE queue_id = ?`,
    [BENCH_QUEUE, BENCH_QUEUE],
  );
  return written;
}

interface Shape {
  name: string;
  sql: string;
}

async function time(db: Knex, sql: string) {
  const samples: number[] = [];
  const until = Date.now() + 1500;
  while ((Date.now() < until && samples.length < 400) || samples.length < 15) {
    const t = process.hrtime.bigint();
    await db.raw(sql);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
}

async function explain(db: Knex, sql: string) {
  const [rows] = await db.raw(`EXPLAIN ${sql}`);
  return (rows as Array<Record<string, unknown>>)
    .map((r) => `${r.table}:${r.type}:${r.key ?? '-'}:${r.rows}${r.Extra ? `(${r.Extra})` : ''}`)
    .join(' | ');
}

const QUEUES = {
  history: { label: 'Order History', status: "o.process_status <> 'Deleted'" },
  awaiting: { label: 'Awaiting Customer', status: "o.process_status = 'Awaiting'" },
} as const;
type QueueKey = keyof typeof QUEUES;

const BUSINESS = `EXISTS (SELECT 1 FROM order_values f WHERE f.order_id = o.order_id AND f.field_id = 'visa_type' AND f.value_text = 'Business')`;

/** Every shape of one queue's page at `offset`, `limit` rows, sorted by callback_at `dir`. */
function pageShapes(queue: QueueKey, dir: 'ASC' | 'DESC', offset: number, limit: number, sorting = true): Shape[] {
  const { status } = QUEUES[queue];
  const tag = `${queue} ${dir} off ${offset} x${limit}`;
  const statusByIndex =
    queue === 'awaiting'
      ? `JOIN orders o FORCE INDEX (orders_status_id) ON o.process_status = 'Awaiting' AND o.order_id = s.order_id`
      : `JOIN orders o ON o.order_id = s.order_id AND NOT EXISTS (SELECT 1 FROM orders d FORCE INDEX (orders_status_id) WHERE d.process_status = 'Deleted' AND d.order_id = s.order_id)`;
  const businessOfS = `EXISTS (SELECT 1 FROM order_values f WHERE f.order_id = s.order_id AND f.field_id = 'visa_type' AND f.value_text = 'Business')`;
  const sorted: Shape[] = [
    {
      name: `naive left join+exists ${tag}`,
      sql: `SELECT o.order_id FROM orders o LEFT JOIN order_values s ON s.order_id = o.order_id AND s.field_id = 'callback_at'
        WHERE ${status} AND ${BUSINESS} ORDER BY s.value_text ${dir}, o.order_id ${dir} LIMIT ${limit} OFFSET ${offset}`,
    },
    {
      name: `filter-driven filesort ${tag}`,
      sql: `SELECT STRAIGHT_JOIN f.order_id FROM order_values f JOIN orders o ON o.order_id = f.order_id
        LEFT JOIN order_values s ON s.order_id = f.order_id AND s.field_id = 'callback_at'
        WHERE f.field_id = 'visa_type' AND f.value_text = 'Business' AND ${status}
        ORDER BY s.value_text ${dir}, f.order_id ${dir} LIMIT ${limit} OFFSET ${offset}`,
    },
    ...(queue === 'awaiting'
      ? [
          {
            name: `status-driven filesort ${tag}`,
            sql: `SELECT STRAIGHT_JOIN o.order_id FROM orders o FORCE INDEX (orders_status_id)
              JOIN order_values f ON f.order_id = o.order_id AND f.field_id = 'visa_type' AND f.value_text = 'Business'
              LEFT JOIN order_values s ON s.order_id = o.order_id AND s.field_id = 'callback_at'
              WHERE ${status} ORDER BY s.value_text ${dir}, o.order_id ${dir} LIMIT ${limit} OFFSET ${offset}`,
          },
        ]
      : []),
  ];
  return [
    ...(sorting ? sorted : []),
    {
      name: `sort-walk exists ${tag}`,
      sql: `SELECT STRAIGHT_JOIN s.order_id FROM order_values s FORCE INDEX (order_values_text)
        JOIN orders o ON o.order_id = s.order_id
        WHERE s.field_id = 'callback_at' AND ${status} AND ${businessOfS}
        ORDER BY s.value_text ${dir}, s.order_id ${dir} LIMIT ${limit} OFFSET ${offset}`,
    },
    {
      name: `sort-walk exists-pk ${tag}`,
      sql: `SELECT STRAIGHT_JOIN s.order_id FROM order_values s FORCE INDEX (order_values_text)
        JOIN orders o ON o.order_id = s.order_id
        WHERE s.field_id = 'callback_at' AND ${status} AND ${businessOfS.replace('order_values f', 'order_values f FORCE INDEX (PRIMARY)')}
        ORDER BY s.value_text ${dir}, s.order_id ${dir} LIMIT ${limit} OFFSET ${offset}`,
    },
    {
      name: `sort-walk join ${tag}`,
      sql: `SELECT STRAIGHT_JOIN s.order_id FROM order_values s FORCE INDEX (order_values_text)
        JOIN orders o ON o.order_id = s.order_id
        JOIN order_values f ON f.order_id = s.order_id AND f.field_id = 'visa_type'
        WHERE s.field_id = 'callback_at' AND ${status} AND f.value_text = 'Business'
        ORDER BY s.value_text ${dir}, s.order_id ${dir} LIMIT ${limit} OFFSET ${offset}`,
    },
    {
      name: `sort-walk join status-index ${tag}`,
      sql: `SELECT STRAIGHT_JOIN s.order_id FROM order_values s FORCE INDEX (order_values_text)
        JOIN order_values f ON f.order_id = s.order_id AND f.field_id = 'visa_type'
        ${statusByIndex}
        WHERE s.field_id = 'callback_at' AND f.value_text = 'Business'
        ORDER BY s.value_text ${dir}, s.order_id ${dir} LIMIT ${limit} OFFSET ${offset}`,
    },
    {
      name: `sort-walk index-only ${tag}`,
      sql: `SELECT STRAIGHT_JOIN s.order_id FROM order_values s FORCE INDEX (order_values_text)
        JOIN order_values f FORCE INDEX (order_values_text) ON f.field_id = 'visa_type' AND f.value_text = 'Business' AND f.order_id = s.order_id
        ${statusByIndex}
        WHERE s.field_id = 'callback_at'
        ORDER BY s.value_text ${dir}, s.order_id ${dir} LIMIT ${limit} OFFSET ${offset}`,
    },
    {
      name: `index-only deferred rows ${tag}`,
      sql: `SELECT o.* FROM orders o JOIN (SELECT STRAIGHT_JOIN s.order_id, s.value_text FROM order_values s FORCE INDEX (order_values_text)
        JOIN order_values f FORCE INDEX (order_values_text) ON f.field_id = 'visa_type' AND f.value_text = 'Business' AND f.order_id = s.order_id
        ${statusByIndex}
        WHERE s.field_id = 'callback_at'
        ORDER BY s.value_text ${dir}, s.order_id ${dir} LIMIT ${limit} OFFSET ${offset}) page ON page.order_id = o.order_id
        ORDER BY page.value_text ${dir}, page.order_id ${dir}`,
    },
    ...(queue === 'awaiting'
      ? [
          {
            name: `small-set filesort ${tag}`,
            sql: `SELECT STRAIGHT_JOIN q.order_id, s.value_text FROM orders q FORCE INDEX (orders_status_id)
              JOIN order_values f FORCE INDEX (order_values_text) ON f.field_id = 'visa_type' AND f.value_text = 'Business' AND f.order_id = q.order_id
              LEFT JOIN order_values s ON s.order_id = q.order_id AND s.field_id = 'callback_at'
              WHERE q.process_status = 'Awaiting'
              ORDER BY s.value_text IS NULL, s.value_text ${dir}, q.order_id ${dir} LIMIT ${limit} OFFSET ${offset}`,
          },
        ]
      : []),
    {
      name: `sort-walk deferred rows ${tag}`,
      sql: `SELECT o.* FROM orders o JOIN (SELECT STRAIGHT_JOIN s.order_id, s.value_text FROM order_values s FORCE INDEX (order_values_text)
        JOIN orders o ON o.order_id = s.order_id
        JOIN order_values f ON f.order_id = s.order_id AND f.field_id = 'visa_type'
        WHERE s.field_id = 'callback_at' AND ${status} AND f.value_text = 'Business'
        ORDER BY s.value_text ${dir}, s.order_id ${dir} LIMIT ${limit} OFFSET ${offset}) page ON page.order_id = o.order_id
        ORDER BY page.value_text ${dir}, page.order_id ${dir}`,
    },
    {
      name: `no-value walk ${tag}`,
      sql: `SELECT STRAIGHT_JOIN f.order_id FROM order_values f FORCE INDEX (order_values_text)
        JOIN orders o ON o.order_id = f.order_id
        LEFT JOIN order_values s ON s.order_id = f.order_id AND s.field_id = 'callback_at'
        WHERE f.field_id = 'visa_type' AND f.value_text = 'Business' AND ${status} AND s.order_id IS NULL
        ORDER BY f.order_id ${dir} LIMIT ${limit} OFFSET ${offset}`,
    },
  ];
}

async function main() {
  const { values, positionals } = parseArgs({ options: { setup: { type: 'boolean' } }, allowPositionals: true });
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('Set DATABASE_URL to a MySQL bulk database.');
  const db = createDb({
    ...config,
    databaseUrl: config.databaseUrl.includes('?') ? config.databaseUrl : `${config.databaseUrl}?pool=1`,
  });
  const only = positionals[0] ?? '';
  try {
    if (values.setup) console.log('values:', await setupCustomFields(db));
    const count = async (sql: string) => Number(((await db.raw(sql)) as [[{ n: number }]])[0][0].n);
    const sizes: Record<string, { withValue: number; noValue: number }> = {};
    for (const queue of Object.keys(QUEUES) as QueueKey[]) {
      const { status } = QUEUES[queue];
      const withValue = await count(
        `SELECT COUNT(*) n FROM order_values f JOIN orders o ON o.order_id = f.order_id JOIN order_values s ON s.order_id = f.order_id AND s.field_id = 'callback_at'
         WHERE f.field_id = 'visa_type' AND f.value_text = 'Business' AND ${status}`,
      );
      const all = await count(
        `SELECT COUNT(*) n FROM order_values f JOIN orders o ON o.order_id = f.order_id WHERE f.field_id = 'visa_type' AND f.value_text = 'Business' AND ${status}`,
      );
      sizes[queue] = { withValue, noValue: all - withValue };
    }
    console.log('list sizes (Business, with / without callback_at):', JSON.stringify(sizes));

    const shapes: Shape[] = [];
    for (const queue of Object.keys(QUEUES) as QueueKey[]) {
      const { withValue } = sizes[queue]!;
      for (const limit of [10, 100]) {
        for (const dir of ['ASC', 'DESC'] as const) {
          // Shapes that sort the whole list cost the same at any page: timed on the first page of 10 only.
          shapes.push(...pageShapes(queue, dir, 0, limit, limit === 10));
          shapes.push(...pageShapes(queue, dir, 1000 / 2, limit, false));
          shapes.push(...pageShapes(queue, dir, 1000 - limit, limit, false));
          shapes.push(...pageShapes(queue, dir, Math.floor(withValue / 2 / limit) * limit, limit, false));
        }
      }
      const { status } = QUEUES[queue];
      shapes.push(
        {
          name: `count exact filter-driven ${queue}`,
          sql: `SELECT COUNT(*) FROM order_values f JOIN orders o ON o.order_id = f.order_id WHERE f.field_id = 'visa_type' AND f.value_text = 'Business' AND ${status}`,
        },
        {
          name: `count capped 1001 ${queue}`,
          sql: `SELECT COUNT(*) FROM (SELECT 1 FROM orders o WHERE ${status} AND ${BUSINESS} LIMIT 1001) m`,
        },
      );
      if (queue === 'awaiting')
        shapes.push({
          name: `count exact status-driven ${queue}`,
          sql: `SELECT COUNT(*) FROM orders o FORCE INDEX (orders_status_id) WHERE ${status} AND ${BUSINESS}`,
        });
    }
    shapes.push(
      {
        name: 'custom queue count counters',
        sql: `SELECT COALESCE(SUM(count), 0) FROM custom_queue_counters WHERE queue_id = '${BENCH_QUEUE}'`,
      },
      {
        name: 'custom queue count members',
        sql: `SELECT COUNT(*) FROM custom_queue_orders WHERE queue_id = '${BENCH_QUEUE}'`,
      },
      ...(['ASC', 'DESC'] as const).flatMap((dir) =>
        [0, 990].map((offset) => ({
          name: `custom queue page ${dir} off ${offset} x10`,
          sql: `SELECT STRAIGHT_JOIN m.order_id FROM custom_queue_orders m LEFT JOIN order_values s ON s.order_id = m.order_id AND s.field_id = 'callback_at'
            WHERE m.queue_id = '${BENCH_QUEUE}' ORDER BY s.value_text ${dir}, m.order_id ${dir} LIMIT 10 OFFSET ${offset}`,
        })),
      ),
    );
    const rows: Record<string, unknown>[] = [];
    for (const shape of shapes.filter((s) => new RegExp(only).test(s.name))) {
      const began = Date.now();
      const read = await handlerReads(db, () => db.raw(shape.sql));
      // A shape that takes over 100 ms a run is far out of budget: two runs tell enough.
      const timing = Date.now() - began > 100 ? await timeFew(db, shape.sql) : await time(db, shape.sql);
      const row = { shape: shape.name, p50: round(timing.p50), p95: round(timing.p95), n: timing.n, 'rows read': read };
      rows.push(row);
      console.log(JSON.stringify(row), '\n   ', await explain(db, shape.sql));
    }
    console.table(rows);
  } finally {
    await db.destroy();
  }
}

async function timeFew(db: Knex, sql: string) {
  const samples: number[] = [];
  for (let i = 0; i < 2; i++) {
    const t = process.hrtime.bigint();
    await db.raw(sql);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[0]!, p95: samples[1]!, n: 2 };
}

if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
