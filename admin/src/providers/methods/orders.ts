import type { DeleteManyParams, DeleteParams, Identifier, RaRecord, UpdateManyParams, UpdateParams } from 'react-admin';
import type { Status } from '@app/domain';
import { apiCall, apiUrl, httpClient } from '../httpClient';
import { readStoredUser } from '../session';

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

const orderIds = (ids: Identifier[]) => ids.map(Number);
const userName = () => readStoredUser()?.name ?? '';

/** The version of an order the member saw (the stale-write guard): a changed order answers 409 instead. */
const versionOf = (record: RaRecord | undefined) =>
  typeof record?.version === 'number' ? { version: record.version } : {};

const changeStatus = (orderId: number | number[], updatingStatus: Status, seen: { version?: number } = {}) =>
  apiCall('admin/change-order-status', {
    method: 'PUT',
    json:
      updatingStatus === 'Deleted'
        ? { orderId, updatingStatus, permanentDeletedFlag: false, ...seen }
        : { orderId, updatingStatus, ...seen },
  });

/**
 * PUT /api/orders/{id}: custom field values with the version the member saw; answers the order
 * as the member's role reads it (the record itself, or in the old system's envelope).
 */
async function putFieldValues(params: UpdateParams) {
  const answer = await httpClient(apiUrl(`orders/${encodeURIComponent(String(params.id))}`), {
    method: 'PUT',
    body: JSON.stringify({ ...params.data, ...versionOf(params.previousData) }),
  });
  const json = answer.json as Record<string, unknown>;
  const order = json.status === 1 && json.data ? (json.data as Record<string, unknown>) : json;
  return { ...params.previousData, ...order, id: params.id };
}

/**
 * The writes of the `orders` resource, which are actions rather than edits (docs/product.md#moves): an update
 * of `process_status` is a move and a delete is the soft delete (status Deleted), so react-admin's
 * useUpdate, useUpdateMany, useDelete and useDeleteMany work on orders and keep their cache right; any
 * other update sets custom field values. Reads (lists, one order) go to the conventional layer: GET /api/orders.
 */
export const ordersResource = {
  async update(_resource: string, params: UpdateParams) {
    if (!('process_status' in params.data)) return { data: await putFieldValues(params) };
    await changeStatus(Number(params.id), params.data.process_status as Status, versionOf(params.previousData));
    return { data: { ...params.previousData, ...params.data, id: params.id } };
  },
  async updateMany(_resource: string, params: UpdateManyParams) {
    await apiCall('admin/move-order-status', {
      method: 'PUT',
      json: { orderIds: orderIds(params.ids), updatingStatus: params.data.process_status },
    });
    return { data: params.ids };
  },
  async delete(_resource: string, params: DeleteParams) {
    await changeStatus(Number(params.id), 'Deleted', versionOf(params.previousData));
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

/** Queue calls that are not resource CRUD: counts, future months and the RPC actions of the old system. */
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
};
