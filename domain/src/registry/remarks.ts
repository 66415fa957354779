import { historyFields, HISTORY_SORT } from './histories.js';
import type { FieldDefinition, ResourceDefinition } from './types.js';

const history = historyFields('remarks');

/** The flags of a comment (docs/product.md#orders), true when ticked. */
const flag = (source: string): FieldDefinition => ({ source, type: 'boolean', places: ['list', 'form'] });

/** Comment History and the comment form of the order page. */
export const remarksResource: ResourceDefinition = {
  name: 'remarks',
  table: 'remarks',
  idField: 'id',
  permissions: { list: 'orders.read', create: 'orders.work' },
  fields: [
    history.id,
    history.seq,
    // The order the comment is about: given by the order page's comment form.
    { ...history.orderId, places: ['form'], validate: { required: true } },
    { source: 'remark_name', type: 'text', places: ['list'] },
    {
      source: 'remark',
      type: 'longtext',
      places: ['list', 'form'],
      validate: { required: true, maxLength: 5000, message: 'remarkRequired' },
    },
    flag('whatsapp'),
    flag('telephone'),
    flag('status_refund'),
    flag('voided'),
    flag('chargeback'),
    flag('report_error'),
    history.createdAt,
  ],
  defaultSort: HISTORY_SORT,
  requiredFilters: ['order_id'],
  recordRepresentation: 'remark',
};
