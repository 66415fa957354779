export * from './useRegistry';
export * from './formatValue';
export * from './columns';
export * from './inputs';
export * from './ShowSections';
export * from './HistoryTable';
