import type { Permission } from '@app/domain';
import type { AppDataProvider } from '../providers/dataProvider';
import type { CountryReportRow, ProcessedByRow, ReportPeriod } from '../providers/methods/reports';

export interface ReportColumn<Row> {
  /** i18n key of the header. */
  label: string;
  value: (row: Row) => string | number;
  numeric?: boolean;
}

/** A report screen of SPEC section 2: where its rows come from, its columns, search and chart. */
export interface ReportDefinition<Row> {
  key: string;
  title: string;
  permission: Permission;
  load: (dataProvider: AppDataProvider, period: ReportPeriod) => Promise<Row[]>;
  /** After S. No, which every report starts with. */
  columns: ReportColumn<Row>[];
  /** What the search box looks in. */
  searchText: (row: Row) => string;
  searchLabel: string;
  /** The chart's bars: one category per row, one (stacked) series per entry. */
  chartLabel: (row: Row) => string;
  chartSeries: Array<{ value: (row: Row) => number; label: string }>;
}

export const COUNTRY_REPORT: ReportDefinition<CountryReportRow> = {
  key: 'country',
  title: 'app.reports.country.title',
  permission: 'reports.country',
  load: (dataProvider, period) => dataProvider.getCountryOrderCount(period),
  columns: [
    { label: 'app.reports.country.nationality', value: (row) => row.nationality },
    { label: 'app.reports.country.count', value: (row) => row.count, numeric: true },
    { label: 'app.reports.country.standard', value: (row) => row.standard_count, numeric: true },
    { label: 'app.reports.country.priority', value: (row) => row.priority_count, numeric: true },
    { label: 'app.reports.country.future', value: (row) => row.future_count, numeric: true },
  ],
  searchText: (row) => row.nationality,
  searchLabel: 'app.reports.country.search',
  chartLabel: (row) => row.nationality,
  chartSeries: [
    { value: (row) => row.standard_count, label: 'app.reports.country.standard' },
    { value: (row) => row.priority_count, label: 'app.reports.country.priority' },
    { value: (row) => row.future_count, label: 'app.reports.country.future' },
  ],
};

export const PROCESSED_BY_REPORT: ReportDefinition<ProcessedByRow> = {
  key: 'processedBy',
  title: 'app.reports.processedBy.title',
  permission: 'reports.processedBy',
  load: (dataProvider, period) => dataProvider.getProcessedByCount(period),
  columns: [
    { label: 'app.reports.processedBy.name', value: (row) => row.processed_by },
    { label: 'app.reports.processedBy.count', value: (row) => row.count, numeric: true },
  ],
  searchText: (row) => row.processed_by,
  searchLabel: 'app.reports.processedBy.search',
  chartLabel: (row) => row.processed_by,
  chartSeries: [{ value: (row) => row.count, label: 'app.reports.processedBy.count' }],
};
