import type { Knex } from 'knex';
import { insertOne } from '../../db/knex.js';
import { seqOf } from '../../db/list.js';
import type { TableRecords } from '../../db/list.js';
import { nowUtc } from '@app/domain';
import type { DocumentRow } from '../files/service.js';

export async function insertDocument(trx: Knex.Transaction, row: Omit<DocumentRow, 'id'> & { uploaded_by_id: number }) {
  return insertOne(trx, 'uploaded_documents', row);
}

/** Notes an upload whose bytes are about to be stored (see sweepUnfinishedUploads). */
export const notePendingUpload = (db: Knex, storageKey: string) =>
  db('pending_uploads').insert({ storage_key: storageKey, created_at: nowUtc() });

export const forgetPendingUpload = (db: Knex | Knex.Transaction, storageKey: string) =>
  db('pending_uploads').where({ storage_key: storageKey }).del();

/** Storage keys of uploads noted before `before` ('YYYY-MM-DD HH:mm:ss') and never finished. */
export const stalePendingUploads = (db: Knex, before: string): Promise<string[]> =>
  db('pending_uploads').where('created_at', '<', before).orderBy('id').pluck('storage_key');

/** Documents as records of the documents resource, with the link staff open them at. */
export const documentRecords: TableRecords = {
  from: (db) => db('uploaded_documents as u'),
  columns: (db) => [
    'u.id',
    'u.order_id',
    'u.file1',
    'u.original_name',
    'u.mime_type',
    'u.size_bytes',
    'u.customer_name',
    'u.mail_service_provider',
    'u.uploaded_by',
    'u.created_at',
    seqOf(db, 'uploaded_documents', 'u'),
  ],
  alias: 'u',
  toRecord: (row) => ({ ...row, seq: Number(row.seq), link: `/uploads/docs/${row.order_id}_${row.file1}` }),
};
