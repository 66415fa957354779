import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { dataProvider } from '../../admin/src/providers/dataProvider';
import { stubApi } from '../helpers/fetchStub';

const row = (order_id: number) => ({ order_id, full_name: `Customer ${order_id}`, process_status: 'New' });
const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => row(from - i));
const ok = (data: unknown, extra: object = {}) => ({ body: { status: 1, message: 'Done.', data, ...extra } });
const pathOf = (url: string) => url.split('?')[0];
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

beforeEach(() => {
  localStorage.setItem('user', JSON.stringify({ accessToken: 'token-1', id: 7, name: 'Demo Team', type: 'Team' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('data provider: orders resource', () => {
  it('getList of a queue asks get-orders-list with page, limit, delay and userName, and keys rows by order_id', async () => {
    const calls = stubApi(ok(rows(500, 25), { total: 368 }));
    const result = await dataProvider.getList('orders', {
      filter: { queue: 'pendingOrder' },
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
    });
    expect(calls).toHaveLength(1);
    expect(pathOf(calls[0]!.url)).toBe('/api/admin/get-orders-list/pendingOrder');
    expect(queryOf(calls[0]!.url)).toEqual({ page: '3', limit: '25', delay: '1', userName: 'Demo Team' });
    expect(calls[0]!.authorization).toBe('token-1');
    expect(result.total).toBe(368);
    expect(result.data[0]).toMatchObject({ id: 500, order_id: 500 });
  });

  it('getList of a future month passes the month', async () => {
    const calls = stubApi(ok(rows(90, 3), { total: 3 }));
    await dataProvider.getList('orders', {
      filter: { queue: 'futureOrder', month: '2026-03' },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
    });
    expect(queryOf(calls[0]!.url)).toMatchObject({ month: '2026-03', page: '1', limit: '10' });
  });

  it('getList with search text posts search-order with the start offset and exclusive end', async () => {
    const calls = stubApi(ok(rows(40, 2), { total: 12 }));
    const result = await dataProvider.getList('orders', {
      filter: { queue: 'newOrder', q: '  smith ' },
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
    });
    expect(calls[0]).toMatchObject({
      url: '/api/admin/search-order',
      method: 'POST',
      body: { start: 10, end: 20, searchVal: 'smith', folderName: 'newOrder' },
    });
    expect(result).toMatchObject({ total: 12, data: [{ id: 40 }, { id: 39 }] });
  });

  it("getList of 'All' (a page as large as the total) reads the queue in 500-row requests", async () => {
    const calls = stubApi(
      ok(rows(1100, 500), { total: 1100 }),
      ok(rows(600, 500), { total: 1100 }),
      ok(rows(100, 100), { total: 1100 }),
    );
    const result = await dataProvider.getList('orders', {
      filter: { queue: 'allOrder' },
      pagination: { page: 1, perPage: 1100 },
      sort: { field: 'id', order: 'DESC' },
    });
    expect(calls.map((call) => queryOf(call.url))).toEqual([
      expect.objectContaining({ page: '1', limit: '500' }),
      expect.objectContaining({ page: '2', limit: '500' }),
      expect.objectContaining({ page: '3', limit: '500' }),
    ]);
    expect(result.data).toHaveLength(1100);
    expect(result.total).toBe(1100);
  });

  it("getList of 'All' with search text pages search-order in 500-row windows", async () => {
    const calls = stubApi(ok(rows(900, 500), { total: 620 }), ok(rows(400, 120), { total: 620 }));
    const result = await dataProvider.getList('orders', {
      filter: { queue: 'allOrder', q: 'gmail' },
      pagination: { page: 1, perPage: 620 },
      sort: { field: 'id', order: 'DESC' },
    });
    expect(calls.map((call) => call.body)).toEqual([
      { start: 0, end: 500, searchVal: 'gmail', folderName: 'allOrder' },
      { start: 500, end: 1000, searchVal: 'gmail', folderName: 'allOrder' },
    ]);
    expect(result.data).toHaveLength(620);
  });

  it('getOne and getMany read get-orders-details', async () => {
    const calls = stubApi(ok({ order_id: 1234, encodedId: 'MjQ2OA==', remark: [] }));
    const one = await dataProvider.getOne('orders', { id: 1234 });
    expect(calls[0]).toMatchObject({ url: '/api/admin/get-orders-details/1234', method: 'GET' });
    expect(one.data).toMatchObject({ id: 1234, encodedId: 'MjQ2OA==' });
    const many = await dataProvider.getMany('orders', { ids: [1234, 1235] });
    expect(calls.slice(1).map((call) => call.url)).toEqual([
      '/api/admin/get-orders-details/1234',
      '/api/admin/get-orders-details/1235',
    ]);
    expect(many.data).toHaveLength(2);
  });

  it('update moves one order with change-order-status; updateMany uses move-order-status', async () => {
    const calls = stubApi(ok(undefined));
    const updated = await dataProvider.update('orders', {
      id: 55,
      data: { process_status: 'AwaitingGovt' },
      previousData: { id: 55, process_status: 'New' },
    });
    expect(calls[0]).toMatchObject({
      url: '/api/admin/change-order-status',
      method: 'PUT',
      body: { orderId: 55, updatingStatus: 'AwaitingGovt' },
    });
    expect(updated.data).toEqual({ id: 55, process_status: 'AwaitingGovt' });
    const many = await dataProvider.updateMany('orders', { ids: [1, '2'], data: { process_status: 'Completed' } });
    expect(calls[1]).toMatchObject({
      url: '/api/admin/move-order-status',
      method: 'PUT',
      body: { orderIds: [1, 2], updatingStatus: 'Completed' },
    });
    expect(many.data).toEqual([1, '2']);
  });

  it('delete and deleteMany soft-delete with change-order-status Deleted, not permanent', async () => {
    const calls = stubApi(ok(undefined));
    await dataProvider.delete('orders', { id: 9, previousData: { id: 9 } });
    await dataProvider.deleteMany('orders', { ids: [9, 10] });
    expect(calls.map((call) => call.body)).toEqual([
      { orderId: 9, updatingStatus: 'Deleted', permanentDeletedFlag: false },
      { orderId: [9, 10], updatingStatus: 'Deleted', permanentDeletedFlag: false },
    ]);
    expect(calls.every((call) => call.url === '/api/admin/change-order-status' && call.method === 'PUT')).toBe(true);
  });

  it('turns a status 0 answer into an error carrying the server message', async () => {
    stubApi({ status: 409, body: { status: 0, message: 'Order 9 is already assigned to Demo Manager.' } });
    const failure = dataProvider.assignOrders([9]);
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      message: 'Order 9 is already assigned to Demo Manager.',
    });
  });

  it('turns a 401 into an HttpError with status 401 and the message', async () => {
    stubApi({ status: 401, body: { status: 401, message: 'Your session has expired. Please sign in again.' } });
    await expect(dataProvider.getFolderCounts()).rejects.toMatchObject({
      status: 401,
      message: 'Your session has expired. Please sign in again.',
    });
  });
});

describe('data provider: custom queue methods', () => {
  it('getFolderCounts reads get-folder-count with the userName', async () => {
    const calls = stubApi(ok({ newOrdersCount: 40, myOrdersCount: 3 }));
    await expect(dataProvider.getFolderCounts()).resolves.toEqual({ newOrdersCount: 40, myOrdersCount: 3 });
    expect(calls[0]!.url).toBe('/api/admin/get-folder-count?userName=Demo+Team');
  });

  it('getFutureOrderMonths reads get-future-order-months', async () => {
    const months = [{ month: '2026-01', label: 'January 2026', count: 4 }];
    const calls = stubApi(ok(months));
    await expect(dataProvider.getFutureOrderMonths()).resolves.toEqual(months);
    expect(calls[0]).toMatchObject({ url: '/api/admin/get-future-order-months', method: 'GET' });
  });

  it.each([
    ['assignOrders', '/api/admin/assign-order-status', { orderId: [3, 4], assignto: 'Demo Team' }],
    ['unassignOrders', '/api/admin/unassign-order', { orderId: [3, 4] }],
    ['refundOrders', '/api/admin/move-to-complete-refund', { orderId: [3, 4] }],
    [
      'deleteOrders',
      '/api/admin/change-order-status',
      { orderId: [3, 4], updatingStatus: 'Deleted', permanentDeletedFlag: false },
    ],
  ] as const)('%s puts %s and answers the server message', async (method, url, body) => {
    const calls = stubApi({ body: { status: 1, message: 'Order has been assigned successfully' } });
    await expect(dataProvider[method]([3, '4'])).resolves.toEqual({ message: 'Order has been assigned successfully' });
    expect(calls[0]).toMatchObject({ url, method: 'PUT', body });
  });
});

describe('data provider: documents, mail, evidence and reports', () => {
  it('uploads the document as multipart with the SPEC field names', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ status: 1, message: 'Mail sent.' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = new File(['%PDF-1.4'], 'card.pdf', { type: 'application/pdf' });
    await expect(
      dataProvider.uploadVisaDocument({ orderId: 77, email: 'a@b.co', file, mailServiceProvider: 'Sendgrid' }),
    ).resolves.toEqual({ message: 'Mail sent.' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/upload-visa-document');
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual(['orderId', 'email', 'mailServiceProvider', 'uploadVisaDoc']);
    expect(form.get('orderId')).toBe('77');
    expect((form.get('uploadVisaDoc') as File).name).toBe('card.pdf');
    expect(new Headers(init.headers).get('Content-Type')).toBeNull();
  });

  it.each([
    [
      'resendMail',
      [{ orderId: 5, email: 'a@b.co', mailServiceProvider: 'AWS' }],
      '/api/admin/resend-mail',
      { orderId: 5, email: 'a@b.co', mailServiceProvider: 'AWS' },
    ],
    ['sendInvoice', [5], '/api/admin/send-invoice', { orderId: 5 }],
    [
      'saveDefencePackDetails',
      [{ orderId: 5, transactionId: 'T-1', merchantName: 'Shop' }],
      '/api/admin/defence-pack-details',
      { orderId: 5, transactionId: 'T-1', merchantName: 'Shop' },
    ],
  ] as const)('%s posts %s', async (method, args, url, body) => {
    const calls = stubApi({ body: { status: 1, message: 'Done.' } });
    await expect((dataProvider[method] as (...a: unknown[]) => Promise<unknown>)(...args)).resolves.toEqual({
      message: 'Done.',
    });
    expect(calls[0]).toMatchObject({ url, method: 'POST', body });
  });

  it('reads a defence pack as PDF bytes, and its refusal as an error with the message', async () => {
    const fetchMock = vi.fn(
      async () => new Response('%PDF-1.7 pack', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const pdf = await dataProvider.getDefencePackPdf(5, 2);
    expect(await pdf.text()).toBe('%PDF-1.7 pack');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/get-defence-pack-pdf',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ orderId: 5, defencePackType: 2 }) }),
    );
    stubApi({ status: 400, body: { status: 0, message: 'This order has no evidence yet.' } });
    await expect(dataProvider.getDefencePackPdf(5, 1)).rejects.toMatchObject({
      status: 400,
      message: 'This order has no evidence yet.',
    });
  });

  it.each([
    ['getCountryOrderCount', '/api/admin/get-country-order-count'],
    ['getProcessedByCount', '/api/admin/get-processed-by-count'],
  ] as const)('%s posts the period to %s and answers the rows', async (method, url) => {
    const calls = stubApi(ok([{ nationality: 'France', count: 3 }]));
    await expect(dataProvider[method]({ fromDate: '2026-01-01', toDate: '2026-01-31' })).resolves.toEqual([
      { nationality: 'France', count: 3 },
    ]);
    expect(calls[0]).toMatchObject({ url, method: 'POST', body: { fromDate: '2026-01-01', toDate: '2026-01-31' } });
  });
});

describe('data provider: other resources', () => {
  it('hands resources without SPEC endpoints to ra-data-simple-rest', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify([{ id: 1 }]), { status: 200, headers: { 'Content-Range': 'audit 0-0/1' } }),
      ),
    );
    const result = await dataProvider.getList('audit', {
      filter: {},
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
    });
    expect(result).toEqual({ data: [{ id: 1 }], total: 1 });
    const [url, init] = vi.mocked(fetch).mock.calls[0]! as [string, RequestInit];
    expect(url).toMatch(/^\/api\/audit\?/);
    expect(new Headers(init.headers).get('Authorization')).toBe('token-1');
  });
});
