import { RESOURCES, type FieldDefinition, type Registry } from '@app/domain';

/**
 * The registry with one orders field extended by configuration alone (README "Extend a screen"):
 * `occupation`, until now an order-page field only, becomes a queue column with a sortable header
 * and a filter, and stays on the order page. Only managers may read it, so the fixture also shows
 * that a field hidden from a role is absent from that role's answers and screens.
 */
export const FIXTURE_FIELD: FieldDefinition = {
  source: 'occupation',
  type: 'text',
  places: ['list', 'show', 'filter'],
  sortable: true,
  filter: 'eq',
  columnSets: ['orders'],
  section: 'personal',
  roles: ['Admin', 'Manager'],
};

export const fixtureRegistry: Registry = {
  ...RESOURCES,
  orders: {
    ...RESOURCES.orders!,
    fields: RESOURCES.orders!.fields.map((field) => (field.source === FIXTURE_FIELD.source ? FIXTURE_FIELD : field)),
  },
};
