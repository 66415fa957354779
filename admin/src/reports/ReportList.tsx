import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Box, Card, CardContent, TextField, Typography } from '@mui/material';
import {
  DataTable,
  DateInput,
  ExportButton,
  Form,
  List,
  ListContextProvider,
  required,
  SaveButton,
  useList,
  useListContext,
  useNotify,
  useRequireAccess,
  useTranslate,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import { downloadRowsAsCsv } from '../shared/csv';
import { dayjs, type FieldDefinition } from '@app/domain';
import { listFields, registryColumns, useResourceDefinition } from '../registry';
import { ColumnsButton } from '../preferences';
import { useClosableNotify } from '../shared/useClosableNotify';
import type { ReportDefinition } from './definitions';

/** The chart library loads with the first chart, not with the app. */
const ReportChart = lazy(() => import('./ReportChart'));

/** The table's header stays while its body scrolls within 550 px. */
const TABLE_HEIGHT = 550;
const ISO_DATE = 'YYYY-MM-DD';
/** Every nationality (or member) of a period fits one request of the API's largest range. */
const ALL_ROWS = 500;

interface Period {
  from: string;
  to: string;
}

/** The last 30 days up to today (local dates): what a report shows when it opens. */
const lastThirtyDays = (): Period => ({
  from: dayjs().subtract(29, 'day').format(ISO_DATE),
  to: dayjs().format(ISO_DATE),
});

/** From after To is refused in the form, before any call. */
const validatePeriod = (values: Partial<Period>) =>
  values.from && values.to && values.from > values.to ? { to: 'app.reports.badRange' } : {};

/** From, To and Submit: Submit sets the List's filter, which loads the period. */
function PeriodForm() {
  const { filterValues, setFilters } = useListContext();
  return (
    <Form
      defaultValues={filterValues}
      onSubmit={(period: Record<string, unknown>) => setFilters({ from: period.from, to: period.to })}
      validate={validatePeriod}
      disableInvalidFormNotification
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}>
        <DateInput source="from" validate={required()} sx={{ width: 180 }} />
        <DateInput source="to" validate={required()} sx={{ width: 180 }} />
        <SaveButton label="app.reports.submit" icon={<></>} alwaysEnable sx={{ mt: 1 }} />
      </Box>
    </Form>
  );
}

/** The loaded rows narrowed by the search box, with S. No counting the shown rows. */
function ReportRows<Row extends RaRecord>({
  report,
  columns,
}: {
  report: ReportDefinition<Row>;
  columns: FieldDefinition[];
}) {
  const translate = useTranslate();
  const { data, isPending } = useListContext<Row>();
  const [search, setSearch] = useState('');
  const text = search.trim().toLowerCase();
  // useList re-filters when these change identity, so they keep it between renders.
  const loaded = useMemo(() => data ?? [], [data]);
  const matches = useCallback(
    (row: Row) => !text || String(row[report.searchField]).toLowerCase().includes(text),
    [text, report.searchField],
  );
  const shown = useList<Row>({ data: loaded, isPending, filterCallback: matches, perPage: ALL_ROWS });
  const rows = shown.data ?? [];
  const label = (source: string) => translate(`resources.${report.resource}.fields.${source}`);
  const serialNumber = (row: Row) => rows.indexOf(row) + 1;

  /** CSV of exactly what is shown: S. No and the columns, headed as on screen. */
  const exporter: Exporter<Row> = (records) => {
    const lines = records.map((row, index) =>
      Object.fromEntries([
        [translate('app.reports.serialNumber'), index + 1],
        ...columns.map((field) => [label(field.source), row[field.source]]),
      ]),
    );
    downloadRowsAsCsv(lines, `${report.resource}`);
  };

  return (
    <ListContextProvider value={shown}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
        {/* A plain field on purpose: the search narrows the rows already loaded (useList's filterCallback, as the old system's
            report search does), so react-admin's filter form, which sends its values to the API, does not fit. */}
        <TextField
          size="small"
          type="search"
          sx={{ width: 260, maxWidth: '100%' }}
          label={translate(`resources.${report.resource}.search`)}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Box sx={{ flexGrow: 1 }} />
        <ColumnsButton
          storeKey={`${report.resource}.datatable`}
          columns={[{ label: 'app.reports.serialNumber' }, ...columns]}
        />
        <ExportButton exporter={exporter} maxResults={ALL_ROWS} disabled={!rows.length} />
      </Box>
      <Box sx={{ minHeight: 340 }} data-testid="report-chart">
        {rows.length > 0 && (
          <Suspense fallback={<Typography>{translate('app.loading')}</Typography>}>
            <ReportChart
              categories={rows.map((row) => String(row[report.searchField]))}
              series={report.chartSeries.map((source) => ({
                label: label(source),
                data: rows.map((row) => Number(row[source])),
              }))}
            />
          </Suspense>
        )}
      </Box>
      <DataTable
        storeKey={`${report.resource}.datatable`}
        bulkActionButtons={false}
        rowClick={false}
        data-testid="report-table"
        stickyHeader
        sx={{ '& .RaDataTable-tableWrapper': { maxHeight: TABLE_HEIGHT, overflow: 'auto' } }}
        empty={<Typography sx={{ p: 2 }}>{translate('app.empty.noRecords')}</Typography>}
      >
        <DataTable.Col label="app.reports.serialNumber" disableSort render={serialNumber} />
        {registryColumns(columns)}
      </DataTable>
    </ListContextProvider>
  );
}

/**
 * A report screen: a List of the report resource filtered by From and To, a search box
 * over the loaded rows, a bar chart above the table, CSV export of what is shown. Each load says how it
 * went in a toast with a close button (docs/decisions/toasts.md).
 */
export function ReportScreen<Row extends RaRecord>({ report }: { report: ReportDefinition<Row> }) {
  const translate = useTranslate();
  const closableNotify = useClosableNotify();
  const notify = useNotify();
  const period = useMemo(lastThirtyDays, []);
  const definition = useResourceDefinition(report.resource);
  // Asked here as well as by the List: a role the report is not for gets no registry entry for it, so no List.
  const access = useRequireAccess({ resource: report.resource, action: 'list' });
  if (access.isPending || !definition) return null;
  return (
    <List<Row>
      resource={report.resource}
      title={translate(`resources.${report.resource}.name`)}
      actions={false}
      pagination={false}
      perPage={ALL_ROWS}
      disableSyncWithLocation
      storeKey={false}
      filterDefaultValues={period}
      sort={definition.defaultSort}
      empty={false}
      queryOptions={{
        onSuccess: ({ data }) => closableNotify(translate('app.reports.loaded', { smart_count: data.length })),
        onError: (error) => notify((error as Error).message, { type: 'error', autoHideDuration: null }),
      }}
      component="div"
    >
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ pb: 0 }}>
          <PeriodForm />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <ReportRows report={report} columns={listFields(definition)} />
        </CardContent>
      </Card>
    </List>
  );
}
