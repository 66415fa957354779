export * from './store';
export * from './useSectionOpen';
export * from './timeZone';
export { ColumnsButton, type ColumnChoice } from './ColumnsButton';
export { TimeZoneMenuItem } from './TimeZoneMenuItem';
export { SavedQueriesButton, type SavedView } from './SavedQueriesButton';
export { PublishLayoutMenuItem, ResetLayoutMenuItem } from './LayoutMenuItems';
