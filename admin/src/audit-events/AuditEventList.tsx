import {
  Title,
  DataTable,
  ExportButton,
  FilterButton,
  Link,
  List,
  TextInput,
  TopToolbar,
  useBasename,
  useRequireAccess,
  useTranslate,
  type Exporter,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import { downloadRowsAsCsv } from '../shared/csv';
import { statusLabel, type FieldDefinition } from '@app/domain';
import { orderPagePath } from '../shared/routes';
import { filterInputs, formatValue, listFields, registryColumns, useRegistry, type CellRenderers } from '../registry';
import { actionText } from './actionText';
import { detailText } from './detailText';
import { ColumnsButton } from '../preferences';

const RESOURCE = 'audit-events';
/** The DataTable's Store key: its columns button keeps the member's columns under it. */
export const AUDIT_COLUMNS_KEY = `${RESOURCE}.datatable`;

/** The order a row is about, linked to its page. */
function OrderLink({ orderId }: { orderId: unknown }) {
  const basename = useBasename();
  if (orderId == null) return null;
  return <Link to={orderPagePath(basename, Number(orderId))}>{String(orderId)}</Link>;
}

/** Moves name statuses as the queues do (Awaiting reads Awaiting Customer); other values read as stored. */
const STATUS_VALUED = ['from_value', 'to_value'];

/** CSV of the filtered events (every page), headed and formatted as the table shows them, times with their zone. */
const csvExporter =
  (fields: FieldDefinition[], translate: (key: string, options?: object) => string): Exporter =>
  (records) => {
    const label = (field: FieldDefinition) => translate(field.label!);
    const lines = records.map((record) =>
      Object.fromEntries(
        fields.map((field) => [
          label(field),
          field.source === 'action'
            ? actionText(String(record.action), translate)
            : field.source === 'detail'
              ? detailText(String(record.action), record.detail, translate)
              : STATUS_VALUED.includes(field.source)
                ? statusLabel(formatValue(field, record, 'list', translate))
                : formatValue(field, record, 'list', translate),
        ]),
      ),
    );
    downloadRowsAsCsv(lines, 'audit-log');
  };

/**
 * The Audit Log (Admin and Manager): every audit event (who, when, what, from, to, which order), newest
 * first, filtered by order, member, action and date range, with CSV export. Columns, filters and sort
 * come from the registry's `audit-events` entry; the columns button lets a member hide and reorder. Who may
 * open it is react-admin's access check (authProvider.canAccess).
 */
function AuditEventList() {
  const translate = useTranslate();
  // react-admin's access check, as the List does (which waits for the registry here).
  useRequireAccess({ action: 'list', resource: RESOURCE });
  const { data: registry } = useRegistry();
  const definition = registry?.[RESOURCE];
  const fields = definition ? listFields(definition) : [];
  const renderers: CellRenderers = {
    order_id: (record) => <OrderLink orderId={record.order_id} />,
    action: (record) => actionText(String(record.action), translate),
    // Wraps instead of running off the table: a configuration change can name several keys.
    detail: (record) => (
      <Box component="span" sx={{ display: 'block', minWidth: 200, maxWidth: 480, overflowWrap: 'anywhere' }}>
        {detailText(String(record.action), record.detail, translate)}
      </Box>
    ),
    ...Object.fromEntries(
      STATUS_VALUED.map((source) => [
        source,
        (record: Record<string, unknown>) => statusLabel(String(record[source] ?? '')),
      ]),
    ),
  };
  const filters = definition
    ? [
        // An order is named by its id here; a search box over every order would not help.
        <TextInput key="order_id" source="order_id" label={`resources.${RESOURCE}.fields.order_id`} alwaysOn />,
        ...filterInputs(definition, registry, ['order_id']),
      ]
    : [];
  return (
    <>
      <Title title={`resources.${RESOURCE}.name`} />
      {definition && (
        <List
          resource={RESOURCE}
          title={false}
          filters={filters}
          sort={definition.defaultSort}
          perPage={25}
          exporter={csvExporter(fields, translate)}
          empty={false}
          actions={
            <TopToolbar sx={{ flexWrap: 'wrap' }}>
              <FilterButton disableSaveQuery />
              <ColumnsButton storeKey={AUDIT_COLUMNS_KEY} columns={fields} />
              {/* Named even when disabled: on a phone react-admin draws it as an icon alone. */}
              <ExportButton maxResults={10_000} aria-label={translate('ra.action.export')} />
            </TopToolbar>
          }
        >
          <DataTable
            storeKey={AUDIT_COLUMNS_KEY}
            bulkActionButtons={false}
            rowClick={false}
            data-testid="audit-log"
            sx={{ overflowX: 'auto' }}
            empty={<Typography sx={{ p: 2 }}>{translate('app.empty.noRecords')}</Typography>}
          >
            {registryColumns(fields, renderers)}
          </DataTable>
        </List>
      )}
    </>
  );
}

export default AuditEventList;
