import type { Knex } from 'knex';
import type { DocumentRow } from '../documents/service.js';

/** The order's document of that public name, or undefined (a name of another order is not found). */
export const findOrderDocument = (db: Knex, orderId: number, file1: string): Promise<DocumentRow | undefined> =>
  db<DocumentRow>('uploaded_documents').where({ order_id: orderId, file1 }).first();
