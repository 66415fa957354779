import { MAIL_PROVIDERS } from '../statuses.js';
import { historyFields, HISTORY_SORT } from './histories.js';
import type { ResourceDefinition } from './types.js';

const history = historyFields('uploaded_documents');

/** The documents uploaded for an order (uploading is the upload action, not a create). */
export const documentsResource: ResourceDefinition = {
  name: 'documents',
  table: 'uploaded_documents',
  idField: 'id',
  permissions: { list: 'orders.read' },
  fields: [
    history.id,
    history.seq,
    history.orderId,
    { source: 'file1', type: 'text', places: ['list'] },
    // Where staff open it: /uploads/docs/{orderId}_{file1}.
    { source: 'link', type: 'text', places: ['list'] },
    { source: 'original_name', type: 'text', places: ['list'] },
    { source: 'mime_type', type: 'text', places: [] },
    { source: 'size_bytes', type: 'number', places: ['list'] },
    { source: 'customer_name', type: 'text', places: [] },
    { source: 'mail_service_provider', type: 'select', choices: MAIL_PROVIDERS, places: ['list'] },
    { source: 'uploaded_by', type: 'text', places: ['list'] },
    history.createdAt,
  ],
  defaultSort: HISTORY_SORT,
  requiredFilters: ['order_id'],
  recordRepresentation: 'file1',
};
