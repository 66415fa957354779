import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { FolderScreens } from '../shared/screenViews';

type Views = typeof import('./views');

/** One of the area's views, from the one chunk of them all (views.ts). */
const view = (name: keyof Views) => lazy(async () => ({ default: (await import('./views'))[name] as ComponentType }));

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
