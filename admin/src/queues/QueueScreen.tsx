import type { ReactNode } from 'react';
import { FilterButton, List, Loading, RefreshButton, TopToolbar, useTranslate } from 'react-admin';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS, STATUSES, type QueueDefinition, type Status } from '@app/domain';
import { filterInputs, hiddenByDefaultOf, listFields, useRegistry, type ResourceFields } from '../registry';
import { ColumnsButton, SavedQueriesButton, type ColumnChoice } from '../preferences';
import { ChangedRowsNotice } from '../live';
import { OrdersTable } from './OrdersTable';
import { QueuePagination } from './QueuePagination';
import { TableOverflowProvider, useTableOverflowing } from './tableOverflow';
import { NextOrderButton, useRememberQueue } from '../speed/NextOrderButton';
import { OrdersExportButton } from '../speed/OrdersExportButton';
import { RowKeys } from '../speed/RowKeys';

/**
 * The header's search everywhere and shortcut keys travel in this chunk, which every member loads soon after the first paint
 * anyway: a lazy chunk of its own re-split the chunks the first paint loads (3 KB more of it, gzipped).
 */
export { default as SearchTrigger } from '../speed/SearchTrigger';
export { default as ShortcutKeys } from '../speed/ShortcutKeys';

/**
 * The Store key of a queue table's columns (hidden, and their order through `_columnRanks`): one per
 * table kind of domain/queues.ts, so a member's order-table layout holds on every queue of that kind.
 */
export const queueColumnsKey = (queue: QueueDefinition) => `orders.${queue.columns}.datatable`;

/**
 * The Store key prefix of a queue's saved queries (react-admin's `<key>.savedQueries`): one per queue, as a
 * query saved on Completed Orders ("Status = Completed") finds nothing on New Orders.
 */
export const queueQueriesKey = (queue: QueueDefinition) => `orders.${queue.orderName}`;

/** The statuses a queue's rows can have, from its domain definition: its statusIn, or all but its statusNotIn. */
export const queueStatuses = (queue: QueueDefinition): readonly Status[] =>
  queue.filter.statusIn ?? STATUSES.filter((status) => !queue.filter.statusNotIn?.includes(status));

/** The order fields with the Status filter offering only the statuses the queue holds (no Deleted on Order History). */
const withQueueStatuses = (definition: ResourceFields, queue: QueueDefinition): ResourceFields => ({
  ...definition,
  fields: definition.fields.map((field) =>
    field.source === 'process_status'
      ? { ...field, choices: field.choices?.filter((status) => queueStatuses(queue).includes(status as Status)) }
      : field,
  ),
});

/**
 * The toolbar above a queue table: the filter picker of the registry's filters, the columns button
 * (show, hide, reorder) and saved queries (with their columns; kept on the server through the
 * preferences Store), then whatever a screen or another feature adds through `children`.
 */
export function QueueListActions({
  columnsKey,
  queriesKey,
  columns,
  hiddenByDefault,
  children,
}: {
  columnsKey: string;
  /** Whose saved queries the menu offers: the queue's own (queueQueriesKey). */
  queriesKey: string;
  /** The table's columns, in its order (OrdersTable: the registry's, then Action). */
  columns: readonly ColumnChoice[];
  /** Columns shown only once the member turns them on (a field's hiddenByDefault). */
  hiddenByDefault?: readonly string[];
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const overflowing = useTableOverflowing();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', minHeight: { sm: 48 } }}>
      <FilterButton disableSaveQuery />
      <SavedQueriesButton storeKey={columnsKey} queriesKey={queriesKey} />
      <ColumnsButton
        storeKey={columnsKey}
        columns={columns}
        hiddenByDefault={hiddenByDefault}
        hint={overflowing ? translate('app.columns.overflowing') : undefined}
      />
      <OrdersExportButton />
      {children}
    </TopToolbar>
  );
}

/**
 * A queue's order list: react-admin's List of the queue's resource (the data provider reads `orders` with the
 * queue as a permanent filter), the registry's filters (the search box always shown, debounced), server sort
 * and pages, and the shared table. `filter` narrows it further (a Future Orders month); `actions` adds to the
 * toolbar.
 */
export function QueueList({
  queue,
  filter,
  storeKey = `queue.${queue.orderName}`,
  actions,
}: {
  queue: QueueDefinition;
  filter?: Record<string, unknown>;
  storeKey?: string;
  actions?: ReactNode;
}) {
  const { data: registry } = useRegistry();
  const definition = registry?.orders;
  const fields = definition ? listFields(definition, queue.columns) : [];
  if (!registry || !definition) return <Loading />;
  return (
    <TableOverflowProvider>
      <List
        resource={queue.route}
        storeKey={storeKey}
        filter={filter}
        filters={filterInputs(withQueueStatuses(definition, queue), registry, Object.keys(filter ?? {}))}
        sort={definition.defaultSort}
        debounce={SEARCH_DEBOUNCE_MS}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<QueuePagination />}
        actions={
          <QueueListActions
            columnsKey={queueColumnsKey(queue)}
            queriesKey={queueQueriesKey(queue)}
            columns={[...fields, { source: 'action', label: 'app.table.action' }]}
            hiddenByDefault={hiddenByDefaultOf(fields)}
          >
            {actions}
          </QueueListActions>
        }
        empty={false}
        title={false}
        exporter={false}
      >
        <ChangedRowsNotice />
        <RowKeys />
        <OrdersTable queue={queue} definition={definition} storeKey={queueColumnsKey(queue)} />
      </List>
    </TableOverflowProvider>
  );
}

/**
 * A queue screen below its title (queues/index.tsx): Refresh, Next order where the queue
 * holds orders to take, and the queue's list.
 */
export default function QueueScreen({ queue }: { queue: QueueDefinition }) {
  useRememberQueue(queue.orderName);
  // Held orders (My Orders) and Deleted ones are not there to be taken.
  const takes = !queue.filter.assignedToMe && !queue.filter.statusIn?.includes('Deleted');
  return (
    <QueueList
      queue={queue}
      actions={
        <>
          <RefreshButton />
          {takes && <NextOrderButton queue={queue.orderName} />}
        </>
      }
    />
  );
}
