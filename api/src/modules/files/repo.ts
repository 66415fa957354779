import type { Knex } from 'knex';
import type { Storage } from '../../storage/index.js';

export interface DocumentRow {
  id: number;
  order_id: number;
  file1: string;
  storage_key: string;
  original_name: string | null;
  mime_type: string;
  size_bytes: number;
  customer_name: string | null;
  mail_service_provider: string;
  uploaded_by: string | null;
  created_at: string;
}

export const findDocument = (db: Knex, id: number): Promise<DocumentRow | undefined> =>
  db<DocumentRow>('uploaded_documents').where({ id }).first();

export const latestDocument = (db: Knex, orderId: number): Promise<DocumentRow | undefined> =>
  db<DocumentRow>('uploaded_documents').where({ order_id: orderId }).orderBy('id', 'desc').first();

export async function readDocumentBytes(storage: Storage, key: string): Promise<Buffer> {
  const file = await storage.open(key);
  if (!file) throw new Error(`Stored document ${key} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The order's document of that public name, or undefined (a name of another order is not found). */
export const findOrderDocument = (db: Knex, orderId: number, file1: string): Promise<DocumentRow | undefined> =>
  db<DocumentRow>('uploaded_documents').where({ order_id: orderId, file1 }).first();
