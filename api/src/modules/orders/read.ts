import type { Knex } from 'knex';
import {
  DATE_FORMATS,
  dayjs,
  encodeId,
  mayOpenQueue,
  mayReadField,
  orderAgeMinutes,
  QUEUES,
  queueByOrderName,
  RESOURCES,
  todayUtc,
  tryDecodeId,
  WORK_DONE_STATUSES,
  type QueueDefinition,
  type FieldDefinition,
  type QueueFilter,
  type Registry,
  type ResourceDefinition,
  type SlaFacts,
  type Status,
} from '@app/domain';
import type { ListFilter, ListResult, Row } from '../../core/resources.js';
import { whereFilter } from '../../db/list.js';
import { badRequest, forbidden, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { orderRemarks } from '../remarks/service.js';
import {
  customFieldsOf,
  customFilterCondition,
  typeListValues,
  valueSortOf,
  withCustomValues,
} from './customFields.js';
import { readableFields } from './visibleFields.js';
import { customQueueCounts, customQueueIdOf, customQueueMembership, customQueueTotalQuery } from './customQueues.js';
import {
  isRankedQueue,
  planRankedRead,
  queueCount,
  queueCounts,
  queueTotal,
  readCounters,
  readCountersFor,
  readCountersOfDay,
  readQueueBlocks,
  type CounterRow,
} from './counters.js';
import {
  countOrdersUpTo,
  findOrderDetails,
  findOrderPage,
  findSearchIds,
  listColumnsOf,
  type ListColumn,
  type PageWindow,
  type ValueSort,
  monthCondition,
  queueCondition,
  searchConditions,
  type OrderCondition,
  type SortColumn,
} from './repo.js';
import { SEARCH_REQUIRED } from './schemas.js';

/**
 * Reading orders: folder counts, the one list read (listOrders) behind /api/orders and the old system's lists,
 * the age of rows, the Future Orders months and the view-order page.
 */

/**
 * Search totals stop counting here: 100 pages of 10, and the most matches each kind of match reads,
 * so a common name costs the same as a rare one on a million rows.
 */
export const SEARCH_TOTAL_CAP = 1_000;
const MAX_WINDOW = 500;

/** The queue grouped by process month (Future Orders). */
const MONTH_QUEUE = QUEUES.find((q) => q.columns === 'future')!;

/**
 * Folder counts of several members from one read of the counters (the live streams' counts.changed),
 * with every custom queue's count (custom-<id>): each stream keeps those its member's role may open.
 */
export async function folderCountsOf(db: Knex, members: Member[]): Promise<Map<number, Record<string, number>>> {
  const today = todayUtc();
  const [rows, custom] = await Promise.all([readCountersOfDay(db, today), customQueueCounts(db)]);
  return new Map(members.map((m) => [m.id, { ...queueCounts(rows, m.id, today), ...custom }]));
}

/** A member's folder counts, with those of the custom queues given (the ones the member may open). */
export async function folderCounts(
  db: Knex,
  member: Member,
  customQueues: QueueDefinition[] = [],
): Promise<Record<string, number>> {
  const today = todayUtc();
  const [rows, custom] = await Promise.all([
    readCountersFor(db, member.id, today),
    customQueueCounts(
      db,
      customQueues.map((q) => customQueueIdOf(q)!),
    ),
  ]);
  return { ...queueCounts(rows, member.id, today), ...custom };
}

/** The queue named by the client (a built-in one, or one of `customQueues`), if the member's role may open it. */
export function openQueue(member: Member, orderName: string, customQueues: QueueDefinition[] = []): QueueDefinition {
  const queue = queueByOrderName(orderName) ?? customQueues.find((q) => q.orderName === orderName);
  if (!queue) throw badRequest(`Unknown queue: ${orderName}.`);
  if (!mayOpenQueue(queue, member.type)) throw forbidden();
  return queue;
}

/** Counters rows of one process month ('YYYY-MM'); only New orders carry their date in the counters. */
const inMonth = (rows: CounterRow[], month: string) => rows.filter((r) => r.due_date.startsWith(`${month}-`));

/**
 * How a page is sorted in SQL. Age ascending is youngest first. Where the filters allow unfinished
 * orders only, every age still runs, so that is the time of payment newest first (the status/paid_at
 * index); where they allow finished orders only, every age is the one kept when the work was done
 * (the status/work_minutes index). A mix is sorted by the age worked out for each row.
 */
export function sqlSort(
  filters: QueueFilter[],
  sort: SortColumn,
  direction: 'asc' | 'desc',
): { sort: SortColumn; direction: 'asc' | 'desc' } {
  if (sort !== 'age_minutes') return { sort, direction };
  const only = (done: boolean) =>
    filters.some((f) => f.statusIn?.length && f.statusIn.every((s) => WORK_DONE_STATUSES.includes(s) === done));
  if (only(true)) return { sort: 'work_minutes', direction };
  if (only(false)) return { sort: 'paid_at', direction: direction === 'asc' ? 'desc' : 'asc' };
  return { sort, direction };
}

/**
 * A queue that is one status and nothing else is walked in order id order by (process_status, order_id);
 * one status and one mode (Priority Orders) by (process_status, processing_mode, order_id), migration 020.
 */
function indexFor({ filter, custom }: QueueDefinition): string | undefined {
  if (custom || filter.statusIn?.length !== 1) return undefined;
  const keys = Object.keys(filter);
  if (keys.length === 1) return 'orders_status_id';
  if (keys.length === 2 && filter.modeIn?.length === 1) return 'orders_status_mode_id';
  return undefined;
}

/** Index entries a page walk may take from either end of a queue before the rank blocks are read instead. */
const EDGE_WALK = 1_000;

/** What a list of orders asks for, in the terms of the registry; the old system's endpoints translate to it. */
export interface OrdersListRequest {
  /** The queue the list is narrowed to (opened: the role may read it); none for a list of given ids. */
  queue?: QueueDefinition;
  /** Without a queue: the queues the role may open, whose orders alone a list of given ids reaches. */
  openQueues?: QueueDefinition[];
  /** Registry filters (other than `queue` and `q`), already checked against the fields. */
  filters: ListFilter[];
  /** A search (search-order, filter `q`): the ways it matches are searchConditions'. */
  text?: string;
  /** A sortable registry field (its source), and the direction. */
  sort: string;
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
  /** Future Orders only: the orders of one process month ('YYYY-MM'). */
  month?: string;
  /** A search's total stops counting here (tests lower it). */
  searchCap?: number;
  /** Index entries a page may walk from either end before the rank blocks are read (tests set 0). */
  edgeWalk?: number;
}

/**
 * Splits the list filters into those the order counters can count (status, mode, assignee, and the
 * processing date of a queue of New orders only, as the counters keep the date of New orders alone)
 * and the rest, which are counted up to a cap.
 */
function splitFilters(filters: ListFilter[], queue: QueueDefinition | undefined) {
  const counted: QueueFilter = {};
  const others: ListFilter[] = [];
  const values = (f: ListFilter) => (f.op === 'in' ? (f.value as unknown[]) : [f.value]);
  const onlyNew =
    queue?.filter.statusIn?.length === 1 && queue.filter.statusIn[0] === 'New' && !queue.filter.statusNotIn;
  for (const f of filters) {
    if (f.source === 'process_status') counted.statusIn = values(f) as Status[];
    else if (f.source === 'processing_mode') counted.modeIn = values(f) as QueueFilter['modeIn'];
    else if (f.source === 'assignee_id') counted.assigneeIn = values(f) as number[];
    else if (f.source === 'processing_date' && onlyNew && f.op === 'gte') counted.processingDateFrom = String(f.value);
    else if (f.source === 'processing_date' && onlyNew && f.op === 'lte') counted.processingDateTo = String(f.value);
    else others.push(f);
  }
  return { counted, others };
}

/** The field a list sorts by; a field the role may not read sorts nothing, as the order of rows would tell its values. */
function sortFieldFor(orders: ResourceDefinition, member: Member, source: string): FieldDefinition | undefined {
  const field = orders.fields.find((f) => f.source === source);
  if (field && !mayReadField(field, member.type)) throw badRequest(`Cannot sort by ${source}.`);
  return field;
}

/** The SQL column a sortable field sorts by: its own, or the age as shown (computed, see sqlSort). */
function sortColumnOf(sortField: FieldDefinition | undefined, source: string): SortColumn {
  if (source === 'age_minutes') return source;
  if (!sortField?.sortable) throw badRequest(`Cannot sort by ${source}.`);
  return sortField.column ?? sortField.source;
}

/** A registry filter as a condition on `orders`: on its column, or on a custom field's values (a join). */
const filterCondition =
  (orders: readonly FieldDefinition[]) =>
  (filter: ListFilter): OrderCondition => {
    const field = orders.find((f) => f.source === filter.source);
    return field?.custom ? customFilterCondition(field, filter) : (q) => whereFilter(q, filter.column, filter);
  };

/** The orders of any of the queues given (none: no order). */
function inAnyQueue(queues: QueueDefinition[], memberId: number, today: string): OrderCondition {
  const conditions = queues.map((queue) => {
    const custom = customQueueIdOf(queue);
    return custom ? customQueueMembership(custom) : queueCondition(queue.filter, memberId, today);
  });
  return (q) =>
    q.where((any) => {
      if (!conditions.length) any.whereRaw('1 = 0');
      for (const condition of conditions) any.orWhere((one) => condition(one));
    });
}

/**
 * The one read of a list of orders, behind /api/orders, the old system's lists and search, and exports:
 * the rows with the registry's list columns and each row's custom values (null when none), and the total;
 * the answer leaves out what the role may not read.
 */
export async function listOrders(
  db: Knex,
  registry: Registry,
  member: Member,
  request: OrdersListRequest,
): Promise<ListResult> {
  const list = listPlan(registry, member, request);
  const result = request.text
    ? await searchPage(db, list, request, readableFields(registry, 'orders', member.type))
    : await listOrderRows(db, list, request);
  return { ...result, rows: typeListValues(result.rows, customFieldsOf(list.orders)) };
}

/** A list request in SQL terms: its conditions on `orders`, its sort, and how its total can be counted. */
interface ListPlan {
  orders: ResourceDefinition;
  columns: ListColumn[];
  conditions: OrderCondition[];
  /** The queue's filter and the filters the counters can count, all of which hold. */
  queueFilters: QueueFilter[];
  /** Set for a custom queue: its members are counted apart. */
  customQueue: string | null;
  /** Filters the counters cannot count. */
  others: ListFilter[];
  /** A built-in queue's own page, nothing narrowing it: its total is the counters', its page may walk from either end. */
  plainQueue: QueueDefinition | null;
  sort: SortColumn;
  direction: 'asc' | 'desc';
  valueSort: ValueSort | undefined;
  memberId: number;
  today: string;
}

function listPlan(registry: Registry, member: Member, request: OrdersListRequest): ListPlan {
  const { queue, month } = request;
  if (month && queue !== MONTH_QUEUE) throw badRequest(`month is only for ${MONTH_QUEUE.orderName}.`);
  const today = todayUtc();
  const orders = registry.orders ?? RESOURCES.orders!;
  // A custom queue counts its members alone: its other filters are counted up to the cap.
  const customQueue = customQueueIdOf(queue) ?? null;
  const { counted, others } = customQueue
    ? { counted: {}, others: request.filters }
    : splitFilters(request.filters, queue);
  const queueFilters = [queue?.filter ?? {}, counted];
  const conditions: OrderCondition[] = [
    ...queueFilters.map((f) => queueCondition(f, member.id, today)),
    ...(customQueue ? [customQueueMembership(customQueue)] : []),
    ...others.map(filterCondition(orders.fields)),
  ];
  if (month) conditions.push(monthCondition(month));
  if (!queue) conditions.push(inAnyQueue(request.openQueues ?? [], member.id, today));
  const sortField = sortFieldFor(orders, member, request.sort);
  const plain = queue && !customQueue && !others.length && !Object.keys(counted).length && !request.text;
  return {
    orders,
    columns: listColumnsOf(orders),
    conditions,
    queueFilters,
    customQueue,
    others,
    plainQueue: plain ? queue : null,
    ...sqlSort(queueFilters, sortColumnOf(sortField, request.sort), request.direction),
    valueSort: valueSortOf(sortField),
    memberId: member.id,
    today,
  };
}

/**
 * The rows and total of a list, by the one strategy that fits it; why each exists, and what it reads, is in
 * docs/architecture.md#the-read-path (a search is searchPage's):
 * - filters the counters cannot count: the page, and a count stopped at a cap;
 * - a custom queue: the page, and its members' count;
 * - any other list: the page, and the total from order_counters;
 * - a built-in queue's own page in id order (most of the traffic): the total from order_counters, then the
 *   page walked from the nearer end of the queue's index, or through the rank blocks (order_ranks) deep in
 *   a status queue.
 */
async function listOrderRows(db: Knex, list: ListPlan, request: OrdersListRequest): Promise<ListResult> {
  const { offset, limit, month } = request;
  const page = (window: Partial<PageWindow> = {}) =>
    findOrderPage(db, list.conditions, list.columns, { ...pageWindow(list, offset, limit), ...window });
  if (list.others.length) {
    const [rows, matching] = await Promise.all([page(), countOrdersUpTo(db, list.conditions, SEARCH_TOTAL_CAP + 1)]);
    return { rows, total: Math.min(matching, SEARCH_TOTAL_CAP), capped: matching > SEARCH_TOTAL_CAP };
  }
  const counted = list.customQueue
    ? customQueueTotalQuery(db, list.customQueue)
        .first()
        .then((row) => Number(row?.n ?? 0))
    : queueTotal(db, list.queueFilters, list.memberId, list.today, month);
  const queue = list.plainQueue;
  if (!queue || list.sort !== 'order_id') {
    const [rows, total] = await Promise.all([page(), counted]);
    return { rows, total };
  }
  const total = await counted;
  const index = indexFor(queue);
  const edgeWalk = request.edgeWalk ?? EDGE_WALK;
  // Near either end of the queue a plain index walk is shorter than reading the rank blocks (hundreds
  // of rows at ten million orders).
  const nearEnd = offset + limit <= edgeWalk || total - offset <= edgeWalk;
  if (!month && !nearEnd && isRankedQueue(queue.filter)) {
    const read = planRankedRead(await readQueueBlocks(db, queue.filter, list.direction), list.direction, offset, limit);
    if (!read) return { rows: [], total };
    const rows = await page({ index, ...read });
    return { rows: read.reversed ? rows.reverse() : rows, total };
  }
  if (offset > total / 2 && offset < total) {
    // Past the middle: the page walked from the other end, then turned around.
    const rest = Math.min(limit, total - offset);
    const reversed = await page({
      direction: list.direction === 'asc' ? 'desc' : 'asc',
      offset: total - offset - rest,
      limit: rest,
      index,
    });
    return { rows: reversed.reverse(), total };
  }
  return { rows: await page({ index }), total };
}

const pageWindow = (list: ListPlan, offset: number, limit: number): PageWindow => ({
  sort: list.sort,
  direction: list.direction,
  offset,
  limit,
  valueSort: list.valueSort,
});

/**
 * A search's page and total: each kind of match gives its newest ids (at least to the page's end, and up to
 * the total's cap); merged without repeats they give both the window and the total, exact below the cap.
 */
async function searchPage(db: Knex, list: ListPlan, request: OrdersListRequest, readable: ReadonlySet<string>) {
  const { offset, limit, text = '' } = request;
  const { sort, direction } = list;
  const cap = request.searchCap ?? SEARCH_TOTAL_CAP;
  const matches = searchConditions(text, readable);
  const ids = await findSearchIds(db, list.conditions, matches, Math.max(offset + limit, cap) + 1);
  // The ids come newest first: in id order the page is a slice of them, otherwise sorted among them.
  const byId = sort === 'order_id';
  const within = byId ? (direction === 'desc' ? ids : ids.reverse()).slice(offset, offset + limit) : ids.slice(0, cap);
  const rows = within.length
    ? await findOrderPage(
        db,
        [(q) => q.whereIn('order_id', within)],
        list.columns,
        pageWindow(list, byId ? 0 : offset, limit),
      )
    : [];
  return { rows, total: Math.min(ids.length, cap), capped: ids.length > cap };
}

/** A page of a queue as get-orders-list asks for it: page and limit, sort and order ('' for the defaults). */
export interface QueuePageOptions {
  page: number;
  limit: number;
  sort: string;
  order: string;
  month?: string;
  edgeWalk?: number;
}

/** get-orders-list's parameters as a list request. */
export const queuePageRequest = (queue: QueueDefinition, options: QueuePageOptions): OrdersListRequest => ({
  queue,
  filters: [],
  sort: options.sort || 'order_id',
  direction: options.order.toLowerCase() === 'asc' ? 'asc' : 'desc',
  offset: (options.page - 1) * options.limit,
  limit: options.limit,
  month: options.month,
  edgeWalk: options.edgeWalk,
});

/** One page of a queue with its total (counts are the pagination totals), uncached. */
export async function listQueue(
  db: Knex,
  member: Member,
  queue: QueueDefinition,
  options: QueuePageOptions,
  registry: Registry = RESOURCES,
) {
  const { rows, total } = await listOrders(db, registry, member, queuePageRequest(queue, options));
  return { orders: rows, total };
}

/** search-order's window (rows start to end, end excluded) and text as a list request. */
export function searchRequest(
  queue: QueueDefinition,
  { start, end, searchVal }: { start: number; end: number; searchVal: string },
  cap = SEARCH_TOTAL_CAP,
): OrdersListRequest {
  const text = searchVal.trim();
  if (!text) throw badRequest(SEARCH_REQUIRED);
  if (end <= start) throw badRequest('end must be greater than start.');
  if (end - start > MAX_WINDOW) throw badRequest(`At most ${MAX_WINDOW} rows can be read at once.`);
  return {
    queue,
    filters: [],
    text,
    sort: 'order_id',
    direction: 'desc',
    offset: start,
    limit: end - start,
    searchCap: cap,
  };
}

/**
 * Rows `start` to `end` of a queue narrowed by a search, newest first. Each kind of match gives its
 * newest ids (at least `end`, and up to the total's cap); merged without repeats they give both the
 * window and the total, which is exact below `cap`.
 */
export async function searchQueue(
  db: Knex,
  member: Member,
  queue: QueueDefinition,
  window: { start: number; end: number; searchVal: string },
  cap = SEARCH_TOTAL_CAP,
  registry: Registry = RESOURCES,
) {
  const { rows, total } = await listOrders(db, registry, member, searchRequest(queue, window, cap));
  return { orders: rows, total };
}

/** Queue rows with their age: minutes since payment, until the work was done (domain/sla.ts, which the admin reads too). */
export const withAge = (rows: Row[], now = Date.now()) =>
  rows.map((row) => ({ ...row, age_minutes: orderAgeMinutes(row as unknown as SlaFacts, now) }));

/** The Future Order month tiles: this month and the eleven after it, with their counts. */
export async function futureMonths(db: Knex, member: Member) {
  const counters = await readCounters(db);
  const today = todayUtc();
  const first = dayjs.utc(today).startOf('month');
  return Array.from({ length: 12 }, (_, i) => {
    const month = first.add(i, 'month');
    const key = month.format('YYYY-MM');
    return {
      month: key,
      label: month.format(DATE_FORMATS.processMonth),
      count: queueCount(inMonth(counters, key), MONTH_QUEUE, member.id, today),
    };
  });
}

/** An order id given plain or encoded as in view-order links; null when it is neither. */
export const orderIdOf = (idText: string): number | null =>
  /^\d{1,15}$/.test(idText) ? Number(idText) : tryDecodeId(idText);

/**
 * The view-order page's data, with the values of the custom fields given (null when none); the id may
 * be plain or encoded as in view-order links.
 */
export async function orderDetails(db: Knex, idText: string, customFields: FieldDefinition[] = []) {
  const orderId = orderIdOf(idText);
  if (orderId === null) throw badRequest('Invalid order id.');
  const [details, remark] = await Promise.all([findOrderDetails(db, orderId), orderRemarks(db, orderId)]);
  if (!details) throw notFound('Order not found.');
  const [withValues] = await withCustomValues(db, [details], customFields);
  return { ...withValues!, remark, encodedId: encodeId(orderId) };
}

/** Rows an export reads per query: keyset batches newest first, each an index walk from the last id read. */
const EXPORT_BATCH = 500;
/** The most matches of a search an export takes; more is refused rather than cut. */
export const EXPORT_SEARCH_CAP = 10_000;

/**
 * Every order of a list request (its queue, filters and search), newest first, in batches of rows (with their
 * custom values): the whole list whatever its size, each batch read after the last id of the one before. A
 * search matching more than EXPORT_SEARCH_CAP orders is refused before the first batch.
 */
export async function* exportOrders(
  db: Knex,
  registry: Registry,
  member: Member,
  request: OrdersListRequest,
): AsyncGenerator<Row[]> {
  let below: number | undefined;
  for (;;) {
    const filters = below === undefined ? request.filters : [...request.filters, idBelow(below)];
    const batch = await listOrders(db, registry, member, {
      ...request,
      filters,
      sort: 'order_id',
      direction: 'desc',
      offset: 0,
      limit: EXPORT_BATCH,
      searchCap: EXPORT_SEARCH_CAP,
    });
    if (request.text && below === undefined && batch.capped) {
      throw badRequest(
        `The search matches more than ${EXPORT_SEARCH_CAP.toLocaleString('en')} orders: narrow it, or export the queue with its filters.`,
      );
    }
    if (batch.rows.length) yield batch.rows;
    if (batch.rows.length < EXPORT_BATCH) return;
    below = Number(batch.rows.at(-1)!.order_id);
  }
}

const idBelow = (id: number): ListFilter => ({ source: 'order_id', column: 'order_id', op: 'lte', value: id - 1 });
