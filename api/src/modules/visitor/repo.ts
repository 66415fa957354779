import type { Knex } from 'knex';
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

/** The order's downloads, newest first, in the contract's field names. */
export const listDownloads = (db: Knex, orderId: number) =>
  db('download_history')
    .select('id', 'order_id', { create_ts: 'created_at' }, 'ip', 'device', 'device_type', 'browser', 'os', 'location')
    .where({ order_id: orderId })
    .orderBy('id', 'desc')
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
