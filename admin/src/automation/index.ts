import { lazy, type ComponentType } from 'react';

type Views = typeof import('./lazyViews');

const view = (name: keyof Views) =>
  lazy(async () => ({ default: (await import('./lazyViews'))[name] as ComponentType }));

/**
 * Automation in the Configuration area (Admins only: configuration.manage): rules, the log of their runs,
 * and macros, as react-admin resources loaded when first opened.
 */
export const ruleResource = {
  list: view('RuleList'),
  create: view('RuleCreate'),
  edit: view('RuleEdit'),
  recordRepresentation: 'name',
};
export const runResource = { list: view('RunList') };
export const macroResource = {
  list: view('MacroList'),
  create: view('MacroCreate'),
  edit: view('MacroEdit'),
  recordRepresentation: 'name',
};
