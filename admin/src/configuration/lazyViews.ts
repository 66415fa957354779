/** The Configuration area's views, one chunk loaded when an Admin first opens it. */
export { default as OrderFieldList } from './OrderFieldList';
export { default as OrderFieldCreate } from './OrderFieldCreate';
export { default as OrderFieldEdit } from './OrderFieldEdit';
export { default as CustomQueueList } from './CustomQueueList';
export { default as CustomQueueCreate } from './CustomQueueCreate';
export { default as CustomQueueEdit } from './CustomQueueEdit';
export { default as RetentionSettings } from './RetentionSettings';
export { default as ConfigurationTransfer } from './ConfigurationTransfer';
