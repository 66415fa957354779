import type { ResourceDefinition, ScreenDeclaration } from './types.js';

/** Gateway Setting: the payment gateways; PUT {is_active: true} makes one the only active gateway. */
export const gatewaysScreen: ScreenDeclaration = {
  name: 'gateways',
  permissions: { list: 'gateways.manage', show: 'gateways.manage', update: 'gateways.manage' },
  menu: { group: 'settings', icon: 'payment', label: 'Gateway Setting' },
};

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
