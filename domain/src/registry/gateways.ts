import type { ResourceDefinition } from './types.js';
import { gatewaysScreen } from '../screens.js';

/** Gateway Setting: the payment gateways; PUT {is_active: true} makes one the only active gateway. */
export const gatewaysResource: ResourceDefinition = {
  ...gatewaysScreen,
  table: null,
  idField: 'id',
  fields: [
    { source: 'id', type: 'id', places: [], sortable: true },
    { source: 'gateway_name', type: 'text', places: ['list'], sortable: true },
    {
      source: 'is_active',
      type: 'boolean',
      places: ['list', 'form'],
      filter: 'eq',
      validate: { required: true, message: 'gatewayRequired' },
    },
  ],
  defaultSort: { field: 'id', order: 'ASC' },
  recordRepresentation: 'gateway_name',
};
