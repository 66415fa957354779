import { PROCESSED_BY_REPORT } from './definitions';
import { ReportScreen } from './ReportList';

/** Processed By (/admin/processed-by-report), for Admin and Manager. */
export default function ProcessedBy() {
  return <ReportScreen report={PROCESSED_BY_REPORT} />;
}
