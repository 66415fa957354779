import type { Knex } from 'knex';
import { RESOURCES, type FieldDefinition, type Registry } from '@app/domain';

/**
 * The registry's promise: one field added to the orders registry and one to team members, each a new
 * column of its table with the index its entry names (added by addFixtureColumns, in the test's own
 * database). Neither exists in the code: the API's schemas, the lists, filters, order page and form
 * pick them up from the registry the app factory is given. Their labels are plain text: no catalogue
 * has an entry for them.
 */
export const ORDER_FIXTURE: FieldDefinition = {
  source: 'visit_count',
  type: 'number',
  label: 'Visits',
  places: ['list', 'show', 'filter'],
  sortable: true,
  filter: 'eq',
  index: 'orders_visit_count_idx',
  columnSets: ['orders'],
  section: 'personal',
};

export const MEMBER_FIXTURE: FieldDefinition = {
  source: 'employee_code',
  type: 'text',
  label: 'Employee code',
  places: ['list', 'form', 'filter'],
  sortable: true,
  filter: 'prefix',
  index: 'team_members_employee_code_idx',
  validate: { pattern: '^[A-Z]{3}-\\d{3}$', maxLength: 7 },
};

/** The code of the seeded member of this id, as addFixtureColumns stores it. */
export const employeeCodeOf = (id: number) => `EMP-${String(100 + id).padStart(3, '0')}`;

const withField = (name: string, field: FieldDefinition): Registry[string] => ({
  ...RESOURCES[name]!,
  fields: [...RESOURCES[name]!.fields, field],
});

export const registryWithFixtures: Registry = {
  ...RESOURCES,
  orders: withField('orders', ORDER_FIXTURE),
  'team-members': withField('team-members', MEMBER_FIXTURE),
};

/** The fixtures' columns, each with its index, and values: an order's visits 0 to 6, a member's code from its id. */
export async function addFixtureColumns(db: Knex): Promise<void> {
  await db.schema.alterTable('orders', (table) => {
    table.integer('visit_count').nullable();
    table.index(['visit_count'], 'orders_visit_count_idx');
  });
  await db('orders').update({ visit_count: db.raw('order_id % 7') });
  await db.schema.alterTable('team_members', (table) => {
    table.string('employee_code', 7).nullable();
    table.index(['employee_code'], 'team_members_employee_code_idx');
  });
  for (const { id } of await db('team_members').select('id'))
    await db('team_members')
      .where({ id })
      .update({ employee_code: employeeCodeOf(Number(id)) });
}
