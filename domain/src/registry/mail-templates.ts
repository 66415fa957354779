import { MAIL_BRANDS, MAIL_LANGUAGES, MAIL_TEMPLATE_KEY_PATTERN, MAIL_TEMPLATE_LIMITS } from '../mailTemplates.js';
import type { ResourceDefinition } from './types.js';
import { mailTemplatesScreen } from '../screens.js';

/**
 * Mail templates (Configuration, Admins only): a mail's subject and body in Liquid per key, language
 * and brand. Key, language and brand name a template: set when it is added, never changed.
 */
export const mailTemplatesResource: ResourceDefinition = {
  ...mailTemplatesScreen,
  table: null,
  idField: 'id',
  fields: [
    { source: 'id', type: 'id', places: [], sortable: true },
    {
      source: 'key',
      type: 'text',
      places: ['list', 'form', 'filter'],
      sortable: true,
      filter: 'eq',
      validate: { required: 'create', pattern: MAIL_TEMPLATE_KEY_PATTERN },
    },
    {
      source: 'language',
      type: 'select',
      choices: MAIL_LANGUAGES,
      places: ['list', 'form', 'filter'],
      sortable: true,
      filter: 'eq',
      validate: { required: 'create' },
    },
    {
      source: 'brand',
      type: 'select',
      choices: MAIL_BRANDS,
      places: ['list', 'form', 'filter'],
      sortable: true,
      filter: 'eq',
      validate: { required: 'create' },
    },
    {
      source: 'subject',
      type: 'text',
      places: ['list', 'form'],
      validate: { required: true, maxLength: MAIL_TEMPLATE_LIMITS.subject },
    },
    {
      source: 'body',
      type: 'longtext',
      places: ['form'],
      validate: { required: true, maxLength: MAIL_TEMPLATE_LIMITS.body },
    },
    { source: 'version', type: 'number', places: ['list'] },
    { source: 'updated_at', type: 'datetime', places: ['list'], sortable: true },
  ],
  defaultSort: { field: 'key', order: 'ASC' },
  recordRepresentation: 'subject',
};
