import { viewsOf, type FolderScreens } from '../shared/screenViews';

/** One of the views, from their one chunk (lazyViews.ts). */
const view = viewsOf(() => import('./lazyViews'));

/**
 * The Configuration area (Admins only: configuration.manage): order fields and custom queues with List,
 * Create and Edit views, the export and import of it all, and the retention setting, loaded when first opened.
 */
export default {
  'order-fields': {
    list: view('OrderFieldList'),
    create: view('OrderFieldCreate'),
    edit: view('OrderFieldEdit'),
    recordRepresentation: 'id',
  },
  'custom-queues': {
    list: view('CustomQueueList'),
    create: view('CustomQueueCreate'),
    edit: view('CustomQueueEdit'),
    recordRepresentation: 'name',
  },
  // One screen where a list would be.
  'configuration-transfer': { list: view('ConfigurationTransfer') },
  // One record (id `current`), edited where a list would be.
  'retention-settings': { list: view('RetentionSettings') },
} satisfies FolderScreens;
