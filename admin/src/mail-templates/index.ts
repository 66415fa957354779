import { lazy } from 'react';
import type { ComponentType } from 'react';

type Views = typeof import('./lazyViews');

/** One of the views, from their one chunk (views.ts). */
const view = (name: keyof Views) =>
  lazy(async () => ({ default: (await import('./lazyViews'))[name] as ComponentType }));

/**
 * Mail templates (Configuration, Admins only: configuration.manage): List, Create and Edit with a
 * preview, a test send and the saved versions, loaded when first opened.
 */
export const mailTemplateResource = {
  list: view('MailTemplateList'),
  create: view('MailTemplateCreate'),
  edit: view('MailTemplateEdit'),
  recordRepresentation: 'subject',
};
