/** Every screen of the desk, in one lazily loaded chunk (see index.ts). */
export { default as DisputeList } from './DisputeList';
export { default as DisputeShow } from './DisputeShow';
export { default as DisputeEdit } from './DisputeEdit';
export { default as DisputeCreate } from './DisputeCreate';
export { default as DisputeReport } from './DisputeReport';
