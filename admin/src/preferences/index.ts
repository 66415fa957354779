import { dataProvider } from '../providers/dataProvider';
import { createPreferencesStore } from './store';

export * from './store';
export * from './useSectionOpen';
export * from './timeZone';
export { ColumnsButton, type ColumnChoice } from './ColumnsButton';
export { TimeZoneMenuItem } from './TimeZoneMenuItem';
export { SavedQueriesButton, type SavedView } from './SavedQueriesButton';
export { PublishLayoutMenuItem, ResetLayoutMenuItem } from './LayoutMenuItems';

/** The admin's one Store (<Admin store>): layouts and saved queries kept on the server per member. */
export const preferencesStore = createPreferencesStore(dataProvider);
