import { viewsOf, type FolderScreens } from '../shared/screenViews';

/** One of the views, from their one chunk (lazyViews.ts). */
const view = viewsOf(() => import('./lazyViews'));

/** SLA policies in the Configuration area (Admins only) and the SLA report, loaded when first opened. */
export default {
  'sla-policies': {
    list: view('SlaPolicyList'),
    create: view('SlaPolicyCreate'),
    edit: view('SlaPolicyEdit'),
    recordRepresentation: 'name',
  },
  'sla-report': { list: view('SlaReport') },
} satisfies FolderScreens;
