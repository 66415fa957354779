import { PASSWORD_MIN_LENGTH } from '../messages.js';
import { ROLES } from '../roles.js';
import type { ResourceDefinition } from './types.js';
import { teamMembersScreen } from '../screens.js';

/** Manage Team: staff accounts. The password is write-only: it is a form field and never leaves the API. */
export const teamMembersResource: ResourceDefinition = {
  ...teamMembersScreen,
  table: 'team_members',
  idField: 'id',
  fields: [
    { source: 'id', type: 'id', places: ['list'], sortable: true, index: 'PRIMARY' },
    {
      source: 'name',
      type: 'text',
      places: ['list', 'form', 'filter'],
      sortable: true,
      filter: 'prefix',
      index: 'team_members_name',
      validate: { required: true, maxLength: 100, message: 'teamNameRequired' },
    },
    {
      source: 'email',
      type: 'email',
      places: ['list', 'form', 'filter'],
      sortable: true,
      filter: 'prefix',
      index: 'team_members_email_unique',
      validate: {
        required: true,
        email: true,
        maxLength: 191,
        message: 'teamEmailInvalid',
        messages: { required: 'teamEmailRequired' },
      },
    },
    {
      source: 'type',
      type: 'select',
      choices: ROLES,
      places: ['list', 'form', 'filter'],
      sortable: true,
      filter: 'eq',
      index: 'team_members_type',
      validate: { required: true, message: 'teamTypeRequired' },
    },
    // Required on create; empty on edit keeps the current password (docs/product.md#roles-and-permissions).
    {
      source: 'password',
      type: 'password',
      places: ['form'],
      validate: {
        required: 'create',
        minLength: PASSWORD_MIN_LENGTH,
        message: 'teamPasswordRequired',
        messages: { minLength: 'teamPasswordMin' },
      },
    },
    { source: 'last_login_at', type: 'datetime', places: ['list'], sortable: true, index: 'team_members_last_login' },
    { source: 'created_at', type: 'datetime', places: [], sortable: true, index: 'team_members_created' },
    { source: 'updated_at', type: 'datetime', places: [] },
  ],
  defaultSort: { field: 'id', order: 'ASC' },
  recordRepresentation: 'name',
};
