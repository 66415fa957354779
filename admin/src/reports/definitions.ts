export interface CountryReportRow {
  id: string;
  nationality: string;
  count: number;
  standard_count: number;
  priority_count: number;
  future_count: number;
}
export interface ProcessedByRow {
  id: string;
  processed_by: string;
  count: number;
}

/**
 * A report screen: its resource (whose registry fields are the columns after S. No), what
 * the search box looks in (also the chart's categories) and the chart's series.
 */
export interface ReportDefinition<Row> {
  resource: 'country-report' | 'processed-by-report';
  searchField: keyof Row & string;
  /** The chart's bars: one category per row, one (stacked) series per source. */
  chartSeries: ReadonlyArray<keyof Row & string>;
}

export const COUNTRY_REPORT: ReportDefinition<CountryReportRow> = {
  resource: 'country-report',
  searchField: 'nationality',
  chartSeries: ['standard_count', 'priority_count', 'future_count'],
};

export const PROCESSED_BY_REPORT: ReportDefinition<ProcessedByRow> = {
  resource: 'processed-by-report',
  searchField: 'processed_by',
  chartSeries: ['count'],
};
