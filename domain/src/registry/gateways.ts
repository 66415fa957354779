import type { ResourceDefinition } from './types.js';

/** Gateway Setting: the payment gateways; PUT {is_active: true} makes one the only active gateway. */
export const gatewaysResource: ResourceDefinition = {
  name: 'gateways',
  idField: 'id',
  permissions: { list: 'gateways.manage', show: 'gateways.manage', update: 'gateways.manage' },
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
