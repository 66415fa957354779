import { apiCall } from '../httpClient';

export interface CountryReportRow {
  nationality: string;
  count: number;
  standard_count: number;
  priority_count: number;
  future_count: number;
}
export interface ProcessedByRow {
  processed_by: string;
  count: number;
}
/** Inclusive dates, YYYY-MM-DD. */
export interface ReportPeriod {
  fromDate: string;
  toDate: string;
}

/** The two reports of SPEC section 7. */
export const reportsMethods = {
  async getCountryOrderCount(period: ReportPeriod): Promise<CountryReportRow[]> {
    return (
      (await apiCall<CountryReportRow[]>('admin/get-country-order-count', { method: 'POST', json: period })).data ?? []
    );
  },
  async getProcessedByCount(period: ReportPeriod): Promise<ProcessedByRow[]> {
    return (
      (await apiCall<ProcessedByRow[]>('admin/get-processed-by-count', { method: 'POST', json: period })).data ?? []
    );
  },
};
