import { List, RefreshButton, SearchInput, useTranslate } from 'react-admin';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS, type QueueDefinition } from '@app/domain';
import { ScreenHeader } from '../layout/ScreenHeader';
import { useTabTitle } from '../layout/useTabTitle';
import { queueLabelKey } from '../layout/menuLinks';
import { RequirePermission } from '../layout/RequirePermission';
import { OrdersTable } from './OrdersTable';
import { QueuePagination } from './QueuePagination';

const searchFilters = [<SearchInput key="q" source="q" alwaysOn />];

/**
 * A queue's order list: server pages of getList('orders', {queue}), the debounced search, the shared
 * table. `filter` narrows it further (the Future Order month).
 */
export function QueueList({
  queue,
  filter,
  storeKey = `queue.${queue.orderName}`,
}: {
  queue: QueueDefinition;
  filter?: Record<string, unknown>;
  storeKey?: string;
}) {
  return (
    <List
      resource="orders"
      storeKey={storeKey}
      filter={{ ...filter, queue: queue.orderName }}
      filters={searchFilters}
      debounce={SEARCH_DEBOUNCE_MS}
      perPage={DEFAULT_PAGE_SIZE}
      pagination={<QueuePagination />}
      actions={false}
      empty={false}
      title={false}
      exporter={false}
    >
      <OrdersTable queue={queue} />
    </List>
  );
}

/** A queue screen of SPEC section 2: title, Refresh, and the queue's list. */
export function QueueScreen({ queue }: { queue: QueueDefinition }) {
  const translate = useTranslate();
  useTabTitle();
  return (
    <RequirePermission permission={queue.permission}>
      <ScreenHeader title={translate(queueLabelKey(queue), { _: queue.label })}>
        <RefreshButton />
      </ScreenHeader>
      <QueueList queue={queue} />
    </RequirePermission>
  );
}
