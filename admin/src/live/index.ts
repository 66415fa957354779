export { LiveOrderBar } from './LiveOrderBar';
export { ChangedRowsNotice } from './ChangedRowsNotice';
export { SlaAge, SlaDue } from './SlaAge';
