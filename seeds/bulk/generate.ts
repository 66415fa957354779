/**
 * npm run seed:bulk -- --orders 1000000 [--custom-values visa_type=0.8,callback_at=0.6] [--disputes 10000]
 * Fills the configured database with realistic orders over every queue, with remarks, documents,
 * mail and download rows, in batched multi-row inserts, then rebuilds the queue counters and report totals.
 * --custom-values gives custom fields (already configured, e.g. through /api/order-fields) values on that
 * share of the orders that have none, written in SQL (customValues.ts); --orders 0 then adds no orders.
 * --disputes adds that many disputes on the orders (disputes.ts), with --orders 0 too.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { dayjs, DATE_FORMATS, orderAgeMinutes, WORK_DONE_STATUSES, type SlaFacts } from '@app/domain';
import { loadConfig } from '../../api/src/config.js';
import { createDb, dialectOf } from '../../api/src/db/knex.js';
import { recountOrderCounters } from '../../api/src/modules/orders/counters.js';
import { rebuildReportRollups } from '../../api/src/modules/reports/rollups.js';
import { migrateLatest } from '../../migrations/index.js';
import { seedDemoIfEmpty } from '../index.js';
import { readConfiguration } from '../../api/src/modules/configuration/service.js';
import { fillCustomValues, type BulkCustomField } from './customValues.js';
import { fillDisputes } from './disputes.js';
import { createRng, makeOrder, toDate, toDateTime, type Rng } from '../generator.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** 'December 2026' for a month, cached: there are few distinct months. */
const monthNames = new Map<string, string>();
const processMonth = (ms: number) => {
  const key = toDate(ms).slice(0, 7);
  let name = monthNames.get(key);
  if (!name) monthNames.set(key, (name = dayjs.utc(ms).format(DATE_FORMATS.processMonth)));
  return name;
};

/** Share of processed orders per status: most end Completed, as in production. */
const STATUS_WEIGHTS: ReadonlyArray<[string, number]> = [
  ['Completed', 0.78],
  ['Awaiting', 0.04],
  ['AwaitingGovt', 0.03],
  ['Contact Customer', 0.03],
  ['Customer Called', 0.03],
  ['Refunds', 0.03],
  ['ChargeBack', 0.02],
  ['Deleted', 0.04],
];
const DOCUMENT_STATUSES = new Set(['Completed', 'Customer Called', 'Refunds', 'ChargeBack']);

/**
 * Orders wait as New for days, not years: the last three days are mostly New, Future orders wait
 * for their processing date, and a few older orders were left behind.
 */
function pickStatus(rng: Rng, ageDays: number, mode: string): string {
  if (mode === 'Future' && ageDays < 365 && rng.chance(0.5)) return 'New';
  if (ageDays < 3 ? rng.chance(0.85) : rng.chance(0.002)) return 'New';
  let r = rng.next();
  for (const [status, weight] of STATUS_WEIGHTS) {
    if ((r -= weight) < 0) return status;
  }
  return 'Completed';
}

interface Staff {
  id: number;
  name: string;
}

/** One batch of orders and the rows that hang off them. */
function buildBatch(
  rng: Rng,
  runFirstId: number,
  firstId: number,
  size: number,
  total: number,
  start: number,
  now: number,
  staff: Staff[],
  gatewayIds: number[],
) {
  const orders: Record<string, unknown>[] = [];
  const remarks: Record<string, unknown>[] = [];
  const documents: Record<string, unknown>[] = [];
  const mails: Record<string, unknown>[] = [];
  const downloads: Record<string, unknown>[] = [];
  const span = now - start;
  for (let i = 0; i < size; i++) {
    const id = firstId + i;
    // Ids rise with time: the n-th order of the run is created at its share of the time span.
    const at = start + Math.floor((span * (id - runFirstId)) / total);
    const order = makeOrder(rng, id, at);
    const mode = rng.chance(0.25) ? 'Priority' : rng.chance(0.08) ? 'Future' : 'Standard';
    const status = pickStatus(rng, (now - at) / DAY, mode);
    order.process_status = status;
    order.processing_mode = mode;
    order.gateway_id = rng.pick(gatewayIds);
    // Only orders planned for later carry a processing date; the others are processed when they come.
    const processing = mode === 'Future' && status === 'New' ? now + rng.int(1, 364) * DAY : null;
    order.processing_date = processing === null ? null : toDate(processing);
    order.process_month = processMonth(processing ?? at);
    if (status !== 'Deleted' && status !== 'Completed' && rng.chance(0.3)) {
      const member = rng.pick(staff);
      order.assignee_id = member.id;
      order.assign_to = member.name;
      order.assigned_at = toDateTime(at + 30 * MINUTE);
    }
    if (DOCUMENT_STATUSES.has(status)) {
      const member = rng.pick(staff);
      order.processed_by = member.name;
      order.processed_by_id = member.id;
      order.processed_at = toDateTime(at + rng.int(30, 2000) * MINUTE);
      if (rng.chance(0.2)) {
        const name = `${crypto.randomBytes(12).toString('hex')}.pdf`;
        documents.push({
          order_id: id,
          file1: name,
          storage_key: `docs/${name}`,
          original_name: `TDAC-${id}.pdf`,
          mime_type: 'application/pdf',
          size_bytes: 48_000,
          customer_name: order.full_name,
          mail_service_provider: 'AWS',
          uploaded_by_id: member.id,
          uploaded_by: member.name,
          created_at: order.processed_at,
        });
        mails.push({
          order_id: id,
          kind: 'approval',
          provider: 'AWS',
          to_email: order.email,
          subject: `Your Thailand Digital Arrival Card - Order ${id}`,
          payload: `{"orderId":${id}}`,
          state: 'sent',
          attempts: 1,
          next_attempt_at: order.processed_at,
          sent_at: order.processed_at,
          created_at: order.processed_at,
        });
        if (rng.chance(0.5)) {
          downloads.push({
            order_id: id,
            file1: name,
            ip: order.purchase_ip,
            device: 'Desktop',
            device_type: 'desktop',
            browser: 'Chrome-126.0.0.0',
            os: 'Windows 10',
            location: order.territory,
            timezone: 'America/New_York',
            created_at: order.processed_at,
          });
        }
      }
    }
    // The age stops when the work is done (finished_at); half the Refunds are refunded, never later than now.
    if (WORK_DONE_STATUSES.includes(status)) {
      order.finished_at = order.processed_at;
      order.work_minutes = orderAgeMinutes(order as unknown as SlaFacts, 0);
    }
    if (status === 'Refunds' && id % 2) order.refund_date = toDateTime(Math.min(at + 3 * DAY, now));
    if (rng.chance(0.1)) {
      const member = rng.pick(staff);
      remarks.push({
        order_id: id,
        remark: 'Checked the application details.',
        remark_name: member.name,
        member_id: member.id,
        created_at: toDateTime(at + 120 * MINUTE),
      });
    }
    orders.push(order);
  }
  return { orders, remarks, documents, mails, downloads };
}

const ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\n': '\\n',
  '\r': '\\r',
  '\b': '\\b',
  '\t': '\\t',
  '\x1a': '\\Z',
  "'": "\\'",
  '"': '\\"',
  '\\': '\\\\',
};
// eslint-disable-next-line no-control-regex -- MySQL escapes \x1a (Ctrl-Z) in string literals
const SPECIAL = /[\0\n\r\b\t\x1a'"\\]/g;
const sqlValue = (value: unknown): string => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  const text = String(value);
  // search() ignores the g flag's lastIndex, so the shared pattern has no state between calls.
  return text.search(SPECIAL) === -1 ? `'${text}'` : `'${text.replace(SPECIAL, (c) => ESCAPES[c]!)}'`;
};

/**
 * One multi-row INSERT written out directly: for a million generated rows, building it through the
 * query builder costs more CPU than MySQL spends storing them. Only for our own generated values.
 */
function multiRowInsert(table: string, rows: Record<string, unknown>[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const values = rows.map((row) => `(${columns.map((c) => sqlValue(row[c])).join(',')})`);
  return `INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(',')}) VALUES ${values.join(',')}`;
}

/**
 * MySQL builds an index from sorted rows far faster than it grows one row by row, so a large load
 * drops the secondary indexes of orders first and adds them back in one ALTER at the end.
 */
async function withoutOrderIndexes(db: Knex, load: () => Promise<void>) {
  const [rows] = (await db.raw('SHOW INDEX FROM orders')) as [
    Array<{ Key_name: string; Column_name: string; Seq_in_index: number; Non_unique: number }>,
  ];
  const indexes = new Map<string, string[]>();
  for (const row of rows.filter((r) => r.Key_name !== 'PRIMARY').sort((a, b) => a.Seq_in_index - b.Seq_in_index)) {
    indexes.set(row.Key_name, [...(indexes.get(row.Key_name) ?? []), row.Column_name]);
  }
  if (indexes.size)
    await db.raw(`ALTER TABLE orders ${[...indexes.keys()].map((name) => `DROP INDEX \`${name}\``).join(', ')}`);
  try {
    await load();
  } finally {
    if (indexes.size) {
      process.stdout.write('\n  Rebuilding the orders indexes...');
      const adds = [...indexes].map(
        ([name, columns]) => `ADD INDEX \`${name}\` (${columns.map((c) => `\`${c}\``).join(', ')})`,
      );
      await db.raw(`ALTER TABLE orders ${adds.join(', ')}`);
    }
  }
}

/** The configured custom fields named in `field=share,...`, as the bulk fill takes them. */
async function customFieldsToFill(db: Knex, shares: string): Promise<BulkCustomField[]> {
  const { fields } = await readConfiguration(db);
  const fillable = new Set<string>(['choice', 'date', 'number', 'text']);
  return shares.split(',').map((entry) => {
    const [id = '', share = ''] = entry.split('=');
    const field = fields.find((f) => f.id === id && !f.builtIn && !f.removed);
    if (!field) throw new Error(`--custom-values: ${id} is not a configured custom field`);
    if (!fillable.has(field.type))
      throw new Error(`--custom-values: ${id} is a ${field.type} field (choice, date, number, text only)`);
    if (!(Number(share) > 0 && Number(share) <= 1)) throw new Error(`--custom-values: ${id}'s share must be in (0, 1]`);
    return {
      id,
      type: field.type as BulkCustomField['type'],
      share: Number(share),
      choices: field.choices ?? undefined,
      from: toDate(Date.now() - 30 * DAY),
      days: 120,
    };
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: '100000' },
      batch: { type: 'string' },
      'custom-values': { type: 'string' },
      disputes: { type: 'string', default: '0' },
    },
  });
  const total = Number(values.orders);
  const customShares = values['custom-values'];
  const disputes = Number(values.disputes);
  if (!Number.isInteger(disputes) || disputes < 0) throw new Error('--disputes must be a whole number');
  if (!Number.isInteger(total) || total < (customShares || disputes ? 0 : 1))
    throw new Error('--orders must be a positive whole number (0 with --custom-values or --disputes)');
  const config = loadConfig();
  const db = createDb(config);
  const mysql = dialectOf(db) === 'mysql';
  // SQLite allows 32766 bound values per statement; an order row has about 60.
  const batchSize = Number(values.batch ?? (mysql ? 2000 : 500));
  const began = Date.now();
  try {
    await migrateLatest(db);
    await seedDemoIfEmpty(db, config.dataDir);
    const staff: Staff[] = await db('team_members').select('id', 'name');
    const gatewayIds = (await db('payment_gateways').select('id')).map((g: { id: number }) => g.id);
    const maxRow = await db('orders').max({ max: 'order_id' }).first();
    const firstId = Number(maxRow?.max ?? 0) + 1;
    const now = Date.now();
    const start = now - 730 * DAY;
    const rng = createRng(firstId);

    let done = 0;
    const insert = async (trx: Knex.Transaction, table: string, rows: Record<string, unknown>[]) => {
      for (let i = 0; i < rows.length; i += batchSize) {
        const chunk = rows.slice(i, i + batchSize);
        if (mysql) await trx.raw(multiRowInsert(table, chunk));
        else await trx(table).insert(chunk);
      }
    };
    const writeBatch = async (batch: ReturnType<typeof buildBatch>) => {
      await db.transaction(async (trx) => {
        if (mysql) await trx.raw('SET unique_checks = 0, foreign_key_checks = 0');
        await insert(trx, 'orders', batch.orders);
        await insert(trx, 'remarks', batch.remarks);
        await insert(trx, 'uploaded_documents', batch.documents);
        await insert(trx, 'mail_outbox', batch.mails);
        await insert(trx, 'download_history', batch.downloads);
      });
    };
    const load = async () => {
      // Build the next batch while the database writes the current ones; MySQL takes two writers at
      // once (one per core), SQLite one.
      const writers = mysql ? 2 : 1;
      const inFlight = new Set<Promise<void>>();
      for (let offset = 0; offset < total; offset += batchSize) {
        const size = Math.min(batchSize, total - offset);
        const batch = buildBatch(rng, firstId, firstId + offset, size, total, start, now, staff, gatewayIds);
        if (inFlight.size >= writers) await Promise.race(inFlight);
        const write = writeBatch(batch).then(() => {
          done += size;
          const pct = Math.floor((done / total) * 100);
          const bar = '#'.repeat(Math.floor(pct / 2.5)).padEnd(40, '.');
          process.stdout.write(
            `\r  [${bar}] ${pct}%  ${done.toLocaleString('en')} orders  ${((Date.now() - began) / 1000).toFixed(0)} s`,
          );
        });
        inFlight.add(write);
        void write.finally(() => inFlight.delete(write)).catch(() => {});
      }
      await Promise.all(inFlight);
    };
    if (mysql && total >= 100_000) await withoutOrderIndexes(db, load);
    else if (total) await load();
    if (customShares) {
      const written = await fillCustomValues(db, await customFieldsToFill(db, customShares));
      process.stdout.write(`\n  Custom values: ${JSON.stringify(written)}`);
    }
    if (disputes) process.stdout.write(`\n  Disputes: ${await fillDisputes(db, disputes, now)}`);
    process.stdout.write('\n  Rebuilding queue counters...\n');
    await recountOrderCounters(db);
    process.stdout.write('  Rebuilding report totals...\n');
    await rebuildReportRollups(db);
    if (mysql)
      await db.raw('ANALYZE TABLE orders, remarks, uploaded_documents, mail_outbox, download_history, disputes');
    console.log(`  ${total.toLocaleString('en')} orders generated in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
