import { COUNTRY_REPORT } from './definitions';
import { ReportScreen } from './ReportList';

/** Country Order Details (/admin/country-report). */
export default function CountryOrderList() {
  return <ReportScreen report={COUNTRY_REPORT} />;
}
