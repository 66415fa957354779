import { viewsOf, type FolderScreens } from '../shared/screenViews';

/** One of the views, from their one chunk (lazyViews.ts). */
const view = viewsOf(() => import('./lazyViews'));

/**
 * Automation in the Configuration area (Admins only: configuration.manage): rules, the log of their runs, and
 * macros, loaded when first opened.
 */
export default {
  'automation-rules': {
    list: view('RuleList'),
    create: view('RuleCreate'),
    edit: view('RuleEdit'),
    recordRepresentation: 'name',
  },
  'automation-runs': { list: view('RunList') },
  macros: {
    list: view('MacroList'),
    create: view('MacroCreate'),
    edit: view('MacroEdit'),
    recordRepresentation: 'name',
  },
} satisfies FolderScreens;
