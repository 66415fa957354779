import { viewsOf, type FolderScreens } from '../shared/screenViews';

/** One of the views, from their one chunk (lazyViews.ts). */
const view = viewsOf(() => import('./lazyViews'));

/**
 * Mail templates (Configuration, Admins only: configuration.manage): List, Create and Edit with a preview, a
 * test send and the saved versions, loaded when first opened.
 */
export default {
  'mail-templates': {
    list: view('MailTemplateList'),
    create: view('MailTemplateCreate'),
    edit: view('MailTemplateEdit'),
    recordRepresentation: 'subject',
  },
} satisfies FolderScreens;
