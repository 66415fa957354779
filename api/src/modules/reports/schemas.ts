import { Type } from 'typebox';

const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

const ReportDate = (field: string, label: string) =>
  Type.String({
    pattern: DATE_PATTERN,
    errorMessage: { required: `Please select the ${label} date.`, pattern: `${field} must be a date (YYYY-MM-DD).` },
  });

/** From and To, both included. */
export const DateRangeBody = Type.Object({
  fromDate: ReportDate('fromDate', 'From'),
  toDate: ReportDate('toDate', 'To'),
});
