import { lazy, type ComponentType } from 'react';
import type { FolderScreens } from '../shared/screenViews';

type Views = typeof import('./views');

const view = (name: keyof Views) => lazy(async () => ({ default: (await import('./views'))[name] as ComponentType }));

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
