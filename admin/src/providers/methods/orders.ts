import type {
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import { MAX_PAGE_SIZE, type Status } from '@app/domain';
import { apiCall } from '../httpClient';
import { readStoredUser } from '../session';

/** A row of a queue list (contract: the list columns of get-orders-list), keyed by order_id for react-admin. */
export interface OrderRow extends RaRecord {
  order_id: number;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  contact_email_address: string | null;
  phone_code: string | null;
  phone_number: string | null;
  created_at: string;
  processing_mode: string;
  process_status: Status;
  processing_date: string | null;
  process_month: string | null;
  refund_date: string | null;
  assign_to: string | null;
  assignee_id: number | null;
  nationality: string | null;
}

/** The filter a queue screen gives getList('orders'): the queue's orderName, the search text, the future month. */
export interface OrdersFilter {
  queue: string;
  q?: string;
  month?: string;
}

export type FolderCounts = Record<string, number>;
export interface FutureMonth {
  month: string;
  label: string;
  count: number;
}
/** What a move, assign, unassign or refund answers: the server's message for the toast. */
export interface ActionAnswer {
  message: string;
}

interface ListAnswer {
  rows: OrderRow[];
  total: number;
}

const withId = <T extends { order_id: number }>(row: T) => ({ ...row, id: row.order_id });
const orderIds = (ids: Identifier[]) => ids.map(Number);
const userName = () => readStoredUser()?.name ?? '';

/** One window [start, end) of a queue, from the list endpoint or, with search text, from search-order. */
async function fetchWindow(filter: OrdersFilter, start: number, size: number): Promise<ListAnswer> {
  const searchVal = filter.q?.trim();
  if (searchVal) {
    const answer = await apiCall<OrderRow[]>('admin/search-order', {
      method: 'POST',
      json: { start, end: start + size, searchVal, folderName: filter.queue },
    });
    return { rows: answer.data ?? [], total: Number(answer.total ?? 0) };
  }
  const query = new URLSearchParams({
    page: String(Math.floor(start / size) + 1),
    limit: String(size),
    delay: '1',
    userName: userName(),
  });
  if (filter.month) query.set('month', filter.month);
  const answer = await apiCall<OrderRow[]>(`admin/get-orders-list/${encodeURIComponent(filter.queue)}?${query}`);
  return { rows: answer.data ?? [], total: Number(answer.total ?? 0) };
}

/**
 * A page of a queue. Pages larger than the API's 500-row limit ('All' asks for the queue's total)
 * are read as consecutive 500-row windows until the total is reached.
 */
async function fetchPage(filter: OrdersFilter, page: number, perPage: number): Promise<ListAnswer> {
  const start = (page - 1) * perPage;
  if (perPage <= MAX_PAGE_SIZE) return fetchWindow(filter, start, perPage);
  const first = await fetchWindow(filter, start, MAX_PAGE_SIZE);
  const rows = [...first.rows];
  const end = Math.min(start + perPage, first.total);
  for (let offset = start + MAX_PAGE_SIZE; offset < end && rows.length === offset - start; offset += MAX_PAGE_SIZE) {
    rows.push(...(await fetchWindow(filter, offset, MAX_PAGE_SIZE)).rows);
  }
  return { rows, total: first.total };
}

const changeStatus = (orderId: number | number[], updatingStatus: Status) =>
  apiCall('admin/change-order-status', {
    method: 'PUT',
    json:
      updatingStatus === 'Deleted'
        ? { orderId, updatingStatus, permanentDeletedFlag: false }
        : { orderId, updatingStatus },
  });

/** The react-admin methods of the `orders` resource, mapped to the queue endpoints (SPEC section 7). */
export const ordersResource = {
  async getList(_resource: string, params: GetListParams): Promise<GetListResult<OrderRow>> {
    const filter = params.filter as OrdersFilter;
    const { page = 1, perPage = 10 } = params.pagination ?? {};
    const { rows, total } = await fetchPage(filter, page, perPage);
    return { data: rows.map(withId), total };
  },
  async getOne(_resource: string, params: GetOneParams) {
    const answer = await apiCall<{ order_id: number }>(`admin/get-orders-details/${encodeURIComponent(params.id)}`);
    return { data: withId(answer.data!) };
  },
  async getMany(resource: string, params: GetManyParams) {
    const answers = await Promise.all(params.ids.map((id) => ordersResource.getOne(resource, { id })));
    return { data: answers.map((answer) => answer.data) };
  },
  /** A move of one order: data.process_status is the target status. */
  async update(_resource: string, params: UpdateParams) {
    await changeStatus(Number(params.id), params.data.process_status as Status);
    return { data: { ...params.previousData, ...params.data, id: params.id } };
  },
  async updateMany(_resource: string, params: UpdateManyParams) {
    await apiCall('admin/move-order-status', {
      method: 'PUT',
      json: { orderIds: orderIds(params.ids), updatingStatus: params.data.process_status },
    });
    return { data: params.ids };
  },
  /** Deleting is the soft delete of SPEC section 4: status Deleted, not permanent. */
  async delete(_resource: string, params: DeleteParams) {
    await changeStatus(Number(params.id), 'Deleted');
    return { data: params.previousData ?? { id: params.id } };
  },
  async deleteMany(_resource: string, params: DeleteManyParams) {
    await changeStatus(orderIds(params.ids), 'Deleted');
    return { data: params.ids };
  },
};

/** The server message of a successful call, for the success toast. */
export const messageOf = async (call: Promise<{ message: string }>): Promise<ActionAnswer> => ({
  message: (await call).message,
});

/** Queue calls that are not react-admin CRUD: counts, future months and the table actions of SPEC section 4. */
export const ordersMethods = {
  async getFolderCounts(): Promise<FolderCounts> {
    const answer = await apiCall<FolderCounts>(
      `admin/get-folder-count?${new URLSearchParams({ userName: userName() })}`,
    );
    return answer.data ?? {};
  },
  async getFutureOrderMonths(): Promise<FutureMonth[]> {
    return (await apiCall<FutureMonth[]>('admin/get-future-order-months')).data ?? [];
  },
  /** Assign to me: first come, the API refuses orders someone else already has. */
  assignOrders: (ids: Identifier[]) =>
    messageOf(
      apiCall('admin/assign-order-status', { method: 'PUT', json: { orderId: orderIds(ids), assignto: userName() } }),
    ),
  /** Move to Original Folder: clears the assignee. */
  unassignOrders: (ids: Identifier[]) =>
    messageOf(apiCall('admin/unassign-order', { method: 'PUT', json: { orderId: orderIds(ids) } })),
  /** Refunded it: status Refunds and a refund mail. */
  refundOrders: (ids: Identifier[]) =>
    messageOf(apiCall('admin/move-to-complete-refund', { method: 'PUT', json: { orderId: orderIds(ids) } })),
  /** A move to one of the eight targets of SPEC section 4, with the server's message. */
  moveOrders: (ids: Identifier[], status: Status) => messageOf(changeStatus(orderIds(ids), status)),
  /** Deletes with the server's message (the react-admin deleteMany keeps only the ids). */
  deleteOrders: (ids: Identifier[]) => messageOf(changeStatus(orderIds(ids), 'Deleted')),
};
