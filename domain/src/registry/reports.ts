import type { FieldDefinition, ResourceDefinition } from './types.js';
import { countryReportScreen, processedByReportScreen } from '../screens.js';

/** From and To (UTC days, both included): every report needs both. */
const period: FieldDefinition[] = [
  { source: 'from', type: 'date', places: ['filter'], filter: 'eq' },
  { source: 'to', type: 'date', places: ['filter'], filter: 'eq' },
];

/** Country Order List: orders created in the period per nationality, split by processing mode. */
export const countryReportResource: ResourceDefinition = {
  ...countryReportScreen,
  table: null,
  idField: 'nationality',
  fields: [
    { source: 'nationality', type: 'text', places: ['list'], sortable: true },
    { source: 'count', type: 'number', places: ['list'], sortable: true },
    { source: 'standard_count', type: 'number', places: ['list'], sortable: true },
    { source: 'priority_count', type: 'number', places: ['list'], sortable: true },
    { source: 'future_count', type: 'number', places: ['list'], sortable: true },
    ...period,
  ],
  defaultSort: { field: 'count', order: 'DESC' },
  requiredFilters: ['from', 'to'],
};

/** Order Processed: orders processed (document uploaded) in the period per member. */
export const processedByReportResource: ResourceDefinition = {
  ...processedByReportScreen,
  table: null,
  idField: 'processed_by',
  fields: [
    { source: 'processed_by', type: 'text', places: ['list'], sortable: true },
    { source: 'count', type: 'number', places: ['list'], sortable: true },
    ...period,
  ],
  defaultSort: { field: 'count', order: 'DESC' },
  requiredFilters: ['from', 'to'],
};
