/** SLA's views, one chunk loaded when an Admin or a Manager first opens one of them. */
export { SlaPolicyList, SlaPolicyCreate, SlaPolicyEdit } from './PolicyViews';
export { SlaReport } from './SlaReport';
