import { historyFields, HISTORY_SORT } from './histories.js';
import type { ResourceDefinition } from './types.js';

const history = historyFields('download_history');

/** Download History: every time the customer fetched the document, with what their browser told. */
export const downloadsResource: ResourceDefinition = {
  name: 'downloads',
  table: 'download_history',
  idField: 'id',
  permissions: { list: 'orders.read' },
  fields: [
    history.id,
    history.seq,
    history.orderId,
    { source: 'file1', type: 'text', places: ['list'] },
    { source: 'ip', type: 'text', places: ['list'] },
    { source: 'location', type: 'text', places: ['list'] },
    { source: 'city', type: 'text', places: ['list'] },
    { source: 'timezone', type: 'text', places: ['list'] },
    { source: 'device', type: 'text', places: ['list'] },
    { source: 'device_type', type: 'text', places: ['list'] },
    { source: 'browser', type: 'text', places: ['list'] },
    { source: 'os', type: 'text', places: ['list'] },
    // SHA-256 of the user agent and Accept-Language, first 16 hex digits.
    { source: 'device_id', type: 'text', places: ['list'] },
    history.createdAt,
  ],
  defaultSort: HISTORY_SORT,
  requiredFilters: ['order_id'],
};
