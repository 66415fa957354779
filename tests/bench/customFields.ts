/**
 * Custom fields' bench entries: a queue page filtered by a custom choice field and sorted by a custom date
 * field (first, middle and last page, 10 and 100 rows), and a custom queue's count. The fields and the
 * queue are made through the API as an Admin would; their values are written in SQL (seeds/bulk), as a
 * million PUTs would take hours, then the custom queues are rebuilt from them as after any bulk load.
 */
import type { Knex } from 'knex';
import {
  customQueueName,
  customQueuesOf,
  effectiveRegistry,
  queueByOrderName,
  RESOURCES,
  type QueueDefinition,
} from '@app/domain';
import type { ListFilter } from '../../api/src/core/resources.js';
import { readConfiguration } from '../../api/src/modules/configuration/service.js';
import { rebuildStoredCustomQueues } from '../../api/src/modules/orders/customQueues.js';
import { folderCounts, listOrders } from '../../api/src/modules/orders/service.js';
import type { Member } from '../../api/src/types.js';
import { fillCustomValues, type BulkCustomField } from '../../seeds/bulk/customValues.js';

/** A bench entry (run.ts): the request through HTTP and the same service call without it. */
export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  direct: () => Promise<unknown>;
  budgetP95?: number;
}

const STAFF = ['Admin', 'Manager', 'Team', 'Night Staff'];
const FIELDS = [
  {
    record: {
      id: 'visa_type',
      label: 'Visa type',
      type: 'choice',
      choices: ['Tourist', 'Business', 'Transit', 'Other'],
    },
    values: { share: 0.8 },
  },
  { record: { id: 'callback_at', label: 'Callback at', type: 'date' }, values: { share: 0.6, days: 365 } },
] as const;
const QUEUE = {
  id: 'priority-awaiting-business',
  name: 'Priority, Awaiting Customer, Visa type = Business',
  statuses: ['Awaiting'],
  filter: { processing_mode: 'Priority', visa_type: 'Business' },
  roles: STAFF,
};
const FILTER = { field: 'visa_type', value: 'Business' };
const SORT = 'callback_at';
/** The built-in queues the filtered page is read in: every order but Deleted, and one status. */
const QUEUES = ['allOrder', 'awaitingOrder'];

/** Creates `record` at `path`, or puts it back as given if it is there already (a second bench run). */
async function ensure(url: string, token: string, path: string, record: { id: string }) {
  const headers = { authorization: token, 'content-type': 'application/json' };
  const there = await fetch(`${url}${path}/${record.id}`, { headers });
  const res = await fetch(there.ok ? `${url}${path}/${record.id}` : `${url}${path}`, {
    method: there.ok ? 'PUT' : 'POST',
    headers,
    body: JSON.stringify(record),
  });
  if (!res.ok) throw new Error(`${there.ok ? 'PUT' : 'POST'} ${path} ${record.id}: ${res.status} ${await res.text()}`);
}

/**
 * The two fields and the custom queue through the API (an Admin's token), their values in SQL on the
 * orders that have none, then every custom queue rebuilt from the values; answers how many values each
 * field has.
 */
export async function prepareCustomFields(db: Knex, url: string, token: string) {
  // removed: false restores a field removeCustomFields took away.
  const common = { readRoles: STAFF, editRoles: STAFF, column: true, filter: true, sortable: true, removed: false };
  for (const { record } of FIELDS) await ensure(url, token, '/api/order-fields', { ...common, ...record });
  await ensure(url, token, '/api/custom-queues', QUEUE);
  const bulk: BulkCustomField[] = FIELDS.map(({ record, values }) => ({
    id: record.id,
    type: record.type,
    choices: 'choices' in record ? [...record.choices] : undefined,
    from: '2026-01-01',
    ...values,
  }));
  const written = await fillCustomValues(db, bulk);
  await db.transaction((trx) => rebuildStoredCustomQueues(trx));
  return written;
}

/**
 * The custom queue and the two fields removed through the API (the values stay), for a figure without
 * custom fields; prepareCustomFields puts them back.
 */
export async function removeCustomFields(url: string, token: string) {
  const paths = [`/api/custom-queues/${QUEUE.id}`, ...FIELDS.map(({ record }) => `/api/order-fields/${record.id}`)];
  for (const path of paths) {
    const res = await fetch(`${url}${path}`, { method: 'DELETE', headers: { authorization: token } });
    if (!res.ok) throw new Error(`DELETE ${path}: ${res.status} ${await res.text()}`);
  }
}

const param = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const listPath = (filter: Record<string, unknown>, sort: [string, string], offset: number, limit: number) =>
  `/api/orders?filter=${param(filter)}&sort=${param(sort)}&range=${param([offset, offset + limit - 1])}`;

/**
 * The entries: per queue, the filtered and sorted page first, in the middle and last (of the total the
 * list answers: lists with a custom filter count up to a cap), 10 and 100 rows; the custom queue's
 * count in the folder counts, and its first page with its total.
 */
export async function customScenarios(db: Knex, member: Member): Promise<Scenario[]> {
  const configuration = await readConfiguration(db);
  const registry = effectiveRegistry(RESOURCES, configuration);
  const custom: QueueDefinition[] = customQueuesOf(configuration);
  const customQueue = custom.find((q) => q.orderName === customQueueName(QUEUE.id));
  if (!customQueue) throw new Error(`The custom queue ${QUEUE.id} is not configured.`);
  const filters: ListFilter[] = [{ source: FILTER.field, column: FILTER.field, op: 'eq', value: FILTER.value }];
  const scenarios: Scenario[] = [];
  for (const orderName of QUEUES) {
    const queue = queueByOrderName(orderName)!;
    const read = (offset: number, limit: number) =>
      listOrders(db, registry, member, { queue, filters, sort: SORT, direction: 'asc', offset, limit });
    const { total } = await read(0, 1);
    for (const limit of [10, 100]) {
      const last = Math.max(0, Math.ceil(total / limit) - 1) * limit;
      const pages: Array<[string, number]> = [
        ['first', 0],
        [`middle (row ${Math.floor(total / 2 / limit) * limit})`, Math.floor(total / 2 / limit) * limit],
        [`last (row ${last})`, last],
      ];
      for (const [label, offset] of pages)
        scenarios.push({
          name: `${queue.label} ∩ ${FILTER.field}=${FILTER.value} by ${SORT}: ${label}, size ${limit}`,
          method: 'GET',
          path: listPath({ queue: orderName, [FILTER.field]: FILTER.value }, [SORT, 'ASC'], offset, limit),
          direct: () => read(offset, limit),
          budgetP95: 15,
        });
    }
  }
  scenarios.push(
    {
      name: `custom queue count (folder counts with ${customQueue.orderName})`,
      method: 'GET',
      path: '/api/admin/get-folder-count?userName=x',
      direct: () => folderCounts(db, member, custom),
      budgetP95: 25,
    },
    {
      name: `custom queue first page and total (${customQueue.orderName})`,
      method: 'GET',
      path: listPath({ queue: customQueue.orderName }, ['order_id', 'DESC'], 0, 10),
      direct: () =>
        listOrders(db, registry, member, {
          queue: customQueue,
          filters: [],
          sort: 'order_id',
          direction: 'desc',
          offset: 0,
          limit: 10,
        }),
      budgetP95: 25,
    },
  );
  return scenarios;
}
