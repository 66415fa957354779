import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { dayjs, DB_DATE, nowUtc } from '@app/domain';
import type { Member } from '../../types.js';
import { withTransactionRetry } from '../../db/retry.js';
import { ensurePrivateDir, writePrivateFile } from '../../storage/privateFiles.js';
import { conflict } from '../../http.js';
import { recordAudit } from '../audit/service.js';
import { applyCustomQueueChanges, customValuesOf } from '../orders/service.js';
import {
  ANONYMISED_ORDER_COLUMNS,
  anonymiseOrders,
  dueOrders,
  holdsOf,
  ordersOfCustomer,
  personalCustomFieldIds,
  readRetention,
  recordsOfOrders,
  writeRetention,
  type AnonymisedCounts,
} from './repo.js';

/**
 * Personal data retention (PDPA, GDPR): orders whose departure is older than the Admin's setting lose their
 * personal data (repo.ts ANONYMISED_ORDER_COLUMNS, download log addresses and devices, mail addresses,
 * personal custom values, the documents' files), unless a chargeback or an open dispute holds them; and
 * one customer's data exported or erased on request.
 */

/** What the retention record shows: the setting, and which order columns are kept and which removed. */
export const KEPT_FIELDS = [
  'order_id',
  'process_status',
  'processing_mode',
  'amount',
  'currency',
  'transaction_id',
  'created_at',
  'paid_at',
  'refund_date',
  'date_of_arrival',
  'date_of_departure',
  'nationality',
];

export async function retentionRecord(app: FastifyInstance) {
  const stored = await readRetention(app.db);
  return {
    id: 'current' as const,
    days: stored.days,
    updatedAt: stored.updatedAt,
    keptFields: KEPT_FIELDS,
    anonymisedFields: Object.keys(ANONYMISED_ORDER_COLUMNS),
  };
}

export async function updateRetention(app: FastifyInstance, member: Member, days: number) {
  await withTransactionRetry(app.db, async (trx) => {
    const before = await readRetention(trx);
    await writeRetention(trx, days, nowUtc(app.clock.now()));
    await recordAudit(trx, member, [{ action: 'retention-settings', from: String(before.days), to: String(days) }]);
  });
  return retentionRecord(app);
}

/** Orders anonymised per transaction: each batch holds its rows' locks briefly. */
export const RETENTION_BATCH = 500;

export interface RetentionRun extends AnonymisedCounts {
  cutoff: string;
  held: number;
}

const emptyCounts = (): AnonymisedCounts => ({ orders: 0, documents: 0, downloads: 0, mails: 0, customValues: 0 });

/** Anonymises the orders in one transaction, then removes their documents' files from storage. */
async function anonymise(app: FastifyInstance, orderIds: number[], customFieldIds: string[]) {
  const { counts, storageKeys } = await withTransactionRetry(app.db, async (trx) => {
    const done = await anonymiseOrders(trx, orderIds, customFieldIds, app.clock.now());
    await applyCustomQueueChanges(trx, orderIds);
    return done;
  });
  // After the commit: a rollback must not lose the files of orders that keep their data.
  for (const key of storageKeys) await app.storage.remove(key);
  return counts;
}

const addCounts = (total: AnonymisedCounts, more: AnonymisedCounts) => {
  for (const key of Object.keys(more) as Array<keyof AnonymisedCounts>) total[key] += more[key];
};

/**
 * One retention run: every order departed before today minus the setting's days, in batches of
 * RETENTION_BATCH through the retention index, held ones skipped; audited with its counts.
 */
export async function runRetention(app: FastifyInstance): Promise<RetentionRun> {
  const { days } = await readRetention(app.db);
  const cutoff = dayjs.utc(app.clock.now()).subtract(days, 'day').format(DB_DATE);
  const customFieldIds = await personalCustomFieldIds(app.db);
  const run: RetentionRun = { cutoff, held: 0, ...emptyCounts() };
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const batch = await dueOrders(app.db, cutoff, after, RETENTION_BATCH);
    if (!batch.length) break;
    const last = batch[batch.length - 1]!;
    after = { date: String(last.date_of_departure), id: Number(last.order_id) };
    const holds = await holdsOf(app.db, batch);
    run.held += holds.size;
    const due = batch.map((o) => Number(o.order_id)).filter((id) => !holds.has(id));
    if (due.length) addCounts(run, await anonymise(app, due, customFieldIds));
    if (batch.length < RETENTION_BATCH) break;
  }
  await recordAudit(app.db, null, [
    { action: 'retention', to: String(run.orders), detail: JSON.stringify({ days, ...run }) },
  ]);
  return run;
}

/**
 * Erases one customer's personal data now, whatever their departure date; refused, naming each order
 * and why, while any of their orders is held. Answers the counts (no orders: nothing to do).
 */
export async function eraseCustomer(app: FastifyInstance, email: string): Promise<AnonymisedCounts> {
  const orders = await ordersOfCustomer(app.db, email);
  const holds = await holdsOf(app.db, orders);
  if (holds.size)
    throw conflict(
      `Not erased: ${[...holds].map(([id, why]) => `order ${id} is held because ${why}`).join('; ')}. ` +
        'Erase again once the chargeback or dispute is closed.',
    );
  const counts = emptyCounts();
  if (orders.length)
    addCounts(
      counts,
      await anonymise(
        app,
        orders.map((o) => Number(o.order_id)),
        await personalCustomFieldIds(app.db),
      ),
    );
  await recordAudit(app.db, null, [
    {
      action: 'privacy-erase',
      to: String(counts.orders),
      detail: JSON.stringify({ ...counts, orderIds: orders.map((o) => Number(o.order_id)) }),
    },
  ]);
  return counts;
}

/**
 * Writes everything stored of one customer into `folder` (new or empty): customer.json (their orders and
 * every row hanging off them, custom values included) and documents/<order>_<file> (the files, decrypted).
 * Answers how many orders and documents it wrote.
 */
export async function exportCustomer(app: FastifyInstance, email: string, folder: string) {
  if (fs.existsSync(folder) && fs.readdirSync(folder).length)
    throw conflict(`${folder} is not empty: an export goes into a new or empty folder.`);
  const orders = await ordersOfCustomer(app.db, email);
  const orderIds = orders.map((o) => Number(o.order_id));
  const records = await recordsOfOrders(app.db, orderIds);
  const customValues = Object.fromEntries(
    await Promise.all(orderIds.map(async (id) => [id, await customValuesOf(app.db, id, app.registry.orders)] as const)),
  );
  ensurePrivateDir(path.join(folder, 'documents'));
  let documents = 0;
  for (const document of records.documents as Array<{ order_id: number; file1: string; storage_key: string }>) {
    const file = document.storage_key && (await app.storage.open(document.storage_key));
    if (!file) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    await writePrivateFile(
      path.join(folder, 'documents', `${document.order_id}_${document.file1}`),
      Buffer.concat(chunks),
    );
    documents += 1;
  }
  const exported = { email, exportedAt: nowUtc(app.clock.now()), ...records, customValues };
  await writePrivateFile(path.join(folder, 'customer.json'), JSON.stringify(exported, null, 2));
  await recordAudit(app.db, null, [
    { action: 'privacy-export', to: String(orderIds.length), detail: JSON.stringify({ orderIds, documents }) },
  ]);
  return { orders: orderIds.length, documents };
}
