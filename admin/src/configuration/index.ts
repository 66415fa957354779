import { lazy } from 'react';
import type { ComponentType } from 'react';
// Icons the admin loads at start already (the Columns button's, the queues'): a cold start downloads no more.
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import InboxIcon from '@mui/icons-material/Inbox';

type Views = typeof import('./lazyViews');

/** One of the area's views, from the one chunk of them all (views.ts). */
const view = (name: keyof Views) =>
  lazy(async () => ({ default: (await import('./lazyViews'))[name] as ComponentType }));

/**
 * The Configuration area (Admins only: configuration.manage): order fields and custom queues as
 * react-admin resources with List, Create and Edit views, loaded when first opened.
 */
export const orderFieldResource = {
  list: view('OrderFieldList'),
  create: view('OrderFieldCreate'),
  edit: view('OrderFieldEdit'),
  icon: ViewWeekIcon,
  recordRepresentation: 'id',
};

export const customQueueResource = {
  list: view('CustomQueueList'),
  create: view('CustomQueueCreate'),
  edit: view('CustomQueueEdit'),
  icon: InboxIcon,
  recordRepresentation: 'name',
};

/** Export and import of the whole configuration: one screen where a list would be. */
export const configurationTransferResource = {
  list: view('ConfigurationTransfer'),
  icon: ViewWeekIcon,
};

/** The retention setting: one record (id `current`), edited where a list would be. */
export const retentionSettingsResource = {
  list: view('RetentionSettings'),
  icon: ViewWeekIcon,
};
