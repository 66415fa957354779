export * from './statuses.js';
export * from './queues.js';
export * from './roles.js';
export * from './idCodec.js';
export * from './dialling.js';
export * from './dates.js';
export * from './messages.js';
export * from './brands.js';
