import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { FolderScreens } from '../shared/screenViews';

type Views = typeof import('./views');

/** One of the views, from their one chunk (views.ts). */
const view = (name: keyof Views) => lazy(async () => ({ default: (await import('./views'))[name] as ComponentType }));

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
