export * from './types.js';
export * from './effective.js';
export * from './matches.js';
export * from './values.js';
export * from './patterns.js';
export * from './check.js';
