import type { Knex } from 'knex';
import { insertOne } from '../../db/knex.js';
import { seqOf } from '../../db/list.js';
import type { TableRecords } from '../../db/list.js';
import { dayjs, EST_ZONE } from '@app/domain';

/** The flags of a remark (docs/product.md#orders), each stored as 'Y' or 'N'. */
export const REMARK_FLAGS = ['whatsapp', 'telephone', 'status_refund', 'voided', 'chargeback', 'report_error'] as const;
export type RemarkFlag = (typeof REMARK_FLAGS)[number];

export interface RemarkRow extends Record<RemarkFlag, 'Y' | 'N'> {
  id: number;
  order_id: number;
  remark: string;
  remark_name: string;
  member_id: number | null;
  created_at: string;
}

/** A stored remark as the comment history shows it: us_date and us_time are New York time (docs/product.md#orders). */
export function remarkView<T extends { created_at: string }>({ created_at, ...remark }: T) {
  const t = dayjs.utc(created_at).tz(EST_ZONE);
  return { ...remark, us_date: t.format('MM-DD-YYYY'), us_time: t.format('h:mm:ss A'), create_ts: created_at };
}

/** An order's comments, newest first, as the view-order page shows them (docs/product.md#orders). */
export const findOrderRemarks = (db: Knex, orderId: number) =>
  db('remarks')
    .where({ order_id: orderId })
    .orderBy('id', 'desc')
    .select(
      'id',
      'order_id',
      'remark_name',
      'remark',
      'whatsapp',
      'telephone',
      'status_refund',
      'voided',
      'chargeback',
      'report_error',
      'created_at',
    )
    .then((remarks: Array<Omit<RemarkRow, 'member_id'>>) => remarks.map(remarkView));

export async function insertRemark(db: Knex | Knex.Transaction, remark: Omit<RemarkRow, 'id'>): Promise<RemarkRow> {
  return { ...remark, id: await insertOne(db, 'remarks', remark) };
}

/** Comments as records of the remarks resource: every column, the comment's # on its order, flags as booleans. */
export const remarkRecords: TableRecords = {
  from: (db) => db('remarks as r'),
  columns: (db) => ['r.*', seqOf(db, 'remarks', 'r')],
  alias: 'r',
  toRecord: (row) => ({
    ...row,
    seq: Number(row.seq),
    ...Object.fromEntries(REMARK_FLAGS.map((flag) => [flag, row[flag] === 'Y'])),
  }),
};
