import { lazy } from 'react';
import type { FolderScreens } from '../shared/screenViews';

/** The desk's views, one chunk loaded when one of them first opens: none is needed to draw a queue. */
const views = () => import('./views');

const DisputeList = lazy(() => views().then((m) => ({ default: m.DisputeList })));

export default {
  disputes: {
    list: DisputeList,
    show: lazy(() => views().then((m) => ({ default: m.DisputeShow }))),
    edit: lazy(() => views().then((m) => ({ default: m.DisputeEdit }))),
    create: lazy(() => views().then((m) => ({ default: m.DisputeCreate }))),
    recordRepresentation: 'id',
  },
  // The same list, of those waiting for an answer, by deadline.
  'disputes-due': { list: DisputeList },
  'dispute-report': { list: lazy(() => views().then((m) => ({ default: m.DisputeReport }))) },
} satisfies FolderScreens;
