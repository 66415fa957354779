import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadCSV, useDataProvider, useTranslate } from 'react-admin';
import { dayjs, TEXTS } from '@app/domain';
import type { AppDataProvider } from '../providers/dataProvider';
import type { ReportPeriod } from '../providers/methods/reports';
import { ScreenHeader } from '../layout/ScreenHeader';
import { useTabTitle } from '../layout/useTabTitle';
import { RequirePermission } from '../layout/RequirePermission';
import { useStickyNotify } from '../layout/useStickyNotify';
import { toCsv } from './csv';
import type { ReportDefinition } from './definitions';

/** The chart library loads with the first chart, not with the app. */
const ReportChart = lazy(() => import('./ReportChart'));

/** SPEC section 9: the table's header stays while its body scrolls within 550 px. */
const TABLE_HEIGHT = 550;
const ISO_DATE = 'YYYY-MM-DD';

/** The last 30 days up to today: what a report shows when it opens. */
const defaultPeriod = (): ReportPeriod => ({
  fromDate: dayjs().subtract(29, 'day').format(ISO_DATE),
  toDate: dayjs().format(ISO_DATE),
});

function ReportTable<Row>({ report, rows }: { report: ReportDefinition<Row>; rows: Row[] }) {
  const translate = useTranslate();
  return (
    <TableContainer sx={{ maxHeight: TABLE_HEIGHT }} data-testid="report-table">
      <Table stickyHeader size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.reports.serialNumber')}</TableCell>
            {report.columns.map((column) => (
              <TableCell key={column.label} align={column.numeric ? 'right' : 'left'}>
                {translate(column.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index} data-testid="report-row">
              <TableCell>{index + 1}</TableCell>
              {report.columns.map((column) => (
                <TableCell key={column.label} align={column.numeric ? 'right' : 'left'}>
                  {column.value(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {!rows.length && (
            <TableRow>
              <TableCell colSpan={report.columns.length + 1} align="center">
                {translate('app.empty.noRecords', { _: TEXTS.noRecords })}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * A report screen (SPEC section 2): From and To dates with Submit, a search box, a bar chart above the
 * table, CSV export of what is shown. Each load says how it went in a toast that stays (SPEC section 9).
 */
function ReportBody<Row>({ report }: { report: ReportDefinition<Row> }) {
  const translate = useTranslate();
  const notify = useStickyNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  useTabTitle();
  const [period, setPeriod] = useState(defaultPeriod);
  const [error, setError] = useState('');
  const [search, setSearch] = useState('');
  const load = useMutation({
    mutationFn: (chosen: ReportPeriod) => report.load(dataProvider, chosen),
    onSuccess: (rows) => notify(translate('app.reports.loaded', { smart_count: rows.length })),
    onError: (failure: Error) => notify(failure.message, 'error'),
  });
  const { mutate } = load;
  useEffect(() => mutate(defaultPeriod()), [mutate]);

  const rows = useMemo(() => {
    const text = search.trim().toLowerCase();
    const all = load.data ?? [];
    return text ? all.filter((row) => report.searchText(row).toLowerCase().includes(text)) : all;
  }, [load.data, search, report]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      !period.fromDate || !period.toDate
        ? 'app.reports.datesRequired'
        : period.fromDate > period.toDate
          ? 'app.reports.badRange'
          : '';
    setError(problem && translate(problem));
    if (!problem) mutate(period);
  };

  const exportCsv = () =>
    downloadCSV(
      toCsv(
        [translate('app.reports.serialNumber'), ...report.columns.map((column) => translate(column.label))],
        rows.map((row, index) => [index + 1, ...report.columns.map((column) => column.value(row))]),
      ),
      `${report.key}-${period.fromDate}-${period.toDate}`,
    );

  return (
    <>
      <ScreenHeader title={translate(report.title)} />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Box
            component="form"
            noValidate
            onSubmit={submit}
            sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'center' }}
          >
            {(['fromDate', 'toDate'] as const).map((name) => (
              <TextField
                key={name}
                type="date"
                size="small"
                fullWidth={false}
                sx={{ width: 180 }}
                label={translate(`app.reports.${name}`)}
                value={period[name]}
                onChange={(event) => setPeriod({ ...period, [name]: event.target.value })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': name } }}
              />
            ))}
            <Button type="submit" variant="contained" disabled={load.isPending}>
              {translate('app.reports.submit')}
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <TextField
              size="small"
              type="search"
              fullWidth={false}
              sx={{ width: 260 }}
              label={translate(report.searchLabel)}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <Button startIcon={<DownloadIcon />} onClick={exportCsv} disabled={!rows.length}>
              {translate('app.reports.exportCsv')}
            </Button>
          </Box>
          {error && (
            <Typography color="error" variant="body2" sx={{ mt: 1 }}>
              {error}
            </Typography>
          )}
        </CardContent>
      </Card>
      {load.data && (
        <Card>
          <CardContent>
            <Box sx={{ minHeight: 340 }} data-testid="report-chart">
              {rows.length > 0 && (
                <Suspense fallback={<Typography>{translate('app.loading')}</Typography>}>
                  <ReportChart
                    categories={rows.map(report.chartLabel)}
                    series={report.chartSeries.map((series) => ({
                      label: translate(series.label),
                      data: rows.map(series.value),
                    }))}
                  />
                </Suspense>
              )}
            </Box>
            <ReportTable report={report} rows={rows} />
          </CardContent>
        </Card>
      )}
    </>
  );
}

/** A report, for the roles that may see it (the API refuses the others too). */
export function ReportScreen<Row>({ report }: { report: ReportDefinition<Row> }) {
  return (
    <RequirePermission permission={report.permission}>
      <ReportBody report={report} />
    </RequirePermission>
  );
}
