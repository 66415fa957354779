import { PROCESSED_BY_REPORT } from './definitions';
import { ReportScreen } from './ReportScreen';

/** Processed By (/admin/processed-order), for Admin and Manager. */
export default function ProcessedBy() {
  return <ReportScreen report={PROCESSED_BY_REPORT} />;
}
