import { viewsOf, type FolderScreens } from '../shared/screenViews';

/** The desk's views, one chunk loaded when one of them first opens: none is needed to draw a queue. */
const view = viewsOf(() => import('./lazyViews'));

const DisputeList = view('DisputeList');

export default {
  disputes: {
    list: DisputeList,
    show: view('DisputeShow'),
    edit: view('DisputeEdit'),
    create: view('DisputeCreate'),
    recordRepresentation: 'id',
  },
  // The same list, of those waiting for an answer, by deadline.
  'disputes-due': { list: DisputeList },
  'dispute-report': { list: view('DisputeReport') },
} satisfies FolderScreens;
