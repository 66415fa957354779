import type { Knex } from 'knex';
import { seqOf } from '../../db/list.js';
import type { TableRecords } from '../../db/list.js';
import type { VisitorClient } from './client.js';

export interface TrackedOrder {
  order_id: number;
  email: string;
  full_name: string | null;
  process_status: string;
}

/** Most rows a visitor sees; an order is downloaded a handful of times. */
const HISTORY_LIMIT = 100;

/** The order a visitor may track: any but a deleted one. */
export const findTrackableOrder = (db: Knex, orderId: number): Promise<TrackedOrder | undefined> =>
  db<TrackedOrder>('orders')
    .select('order_id', 'email', 'full_name', 'process_status')
    .where({ order_id: orderId })
    .whereNot({ process_status: 'Deleted' })
    .first();

/** The order's downloads, newest first, in the contract's field names; `seq` is the # staff see too. */
export const listDownloads = (db: Knex, orderId: number) =>
  db('download_history as h')
    .select(
      'h.id',
      'h.order_id',
      { create_ts: 'h.created_at' },
      'h.ip',
      'h.device',
      'h.device_type',
      'h.browser',
      'h.os',
      'h.location',
      'h.city',
      seqOf(db, 'download_history', 'h'),
    )
    .where('h.order_id', orderId)
    .orderBy('h.id', 'desc')
    .limit(HISTORY_LIMIT);

export const insertDownload = (
  trx: Knex.Transaction,
  row: VisitorClient & {
    order_id: number;
    document_id: number;
    file1: string;
    timezone: string | null;
    created_at: string;
  },
) => trx('download_history').insert(row);

/** Downloads as records of the downloads resource (Download History), numbered as the visitor sees them. */
export const downloadRecords: TableRecords = {
  from: (db) => db('download_history as h'),
  columns: (db) => [
    'h.id',
    'h.order_id',
    'h.file1',
    'h.ip',
    'h.location',
    'h.city',
    'h.timezone',
    'h.device',
    'h.device_type',
    'h.browser',
    'h.os',
    'h.device_id',
    'h.created_at',
    seqOf(db, 'download_history', 'h'),
  ],
  alias: 'h',
  toRecord: (row) => ({ ...row, seq: Number(row.seq) }),
};
