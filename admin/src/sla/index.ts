import { lazy, type ComponentType } from 'react';

type Views = typeof import('./views');

const view = (name: keyof Views) => lazy(async () => ({ default: (await import('./views'))[name] as ComponentType }));

/** SLA policies in the Configuration area (Admins only) and the SLA report, loaded when first opened. */
export const slaPolicyResource = {
  list: view('SlaPolicyList'),
  create: view('SlaPolicyCreate'),
  edit: view('SlaPolicyEdit'),
  recordRepresentation: 'name',
};
export const slaReportResource = { list: view('SlaReport') };
