export * from './store';
export * from './useSectionOpen';
export * from './timeZone';
export { ColumnsButton, type ColumnChoice } from './ColumnsButton';
export { SavedQueriesButton } from './SavedQueriesButton';
