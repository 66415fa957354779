export { LiveProvider, useLiveEvents } from './LiveProvider';
export { LiveOrderBar } from './LiveOrderBar';
export { ChangedRowsNotice } from './ChangedRowsNotice';
export { SlaAge } from './SlaAge';
export { liveMessages } from './messages';
