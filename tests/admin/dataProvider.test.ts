import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { dataProvider } from '../../admin/src/providers/dataProvider';
import { stubApi } from '../helpers/fetchStub';

const row = (order_id: number) => ({ order_id, full_name: `Customer ${order_id}`, process_status: 'New' });
const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => row(from - i));
const ok = (data: unknown, extra: object = {}) => ({ body: { status: 1, message: 'Done.', data, ...extra } });
const pathOf = (url: string) => url.split('?')[0];
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const range = (from: number, to: number, total: number) => ({ 'Content-Range': `orders ${from}-${to}/${total}` });

beforeEach(() => {
  localStorage.setItem('user', JSON.stringify({ accessToken: 'token-1', id: 7, name: 'Demo Team', type: 'Team' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('data provider: orders resource', () => {
  it('getList reads GET /api/orders with the queue in the filter, the sort and the range, through the one client', async () => {
    const calls = stubApi({ body: rows(500, 25).map((r) => ({ ...r, id: r.order_id })), headers: range(50, 74, 368) });
    const result = await dataProvider.getList('orders', {
      filter: { queue: 'pendingOrder', q: 'smith' },
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'full_name', order: 'ASC' },
    });
    expect(calls).toHaveLength(1);
    expect(pathOf(calls[0]!.url)).toBe('/api/orders');
    expect(queryOf(calls[0]!.url)).toEqual({
      filter: '{"queue":"pendingOrder","q":"smith"}',
      range: '[50,74]',
      sort: '["full_name","ASC"]',
    });
    expect(calls[0]!.authorization).toBe('token-1');
    expect(result.total).toBe(368);
    expect(result.data[0]).toMatchObject({ id: 500, order_id: 500 });
  });

  it("getList of 'All' (a page as large as the total) reads the queue in 500-row ranges", async () => {
    const page = (from: number, count: number, start: number) => ({
      body: rows(from, count).map((r) => ({ ...r, id: r.order_id })),
      headers: range(start, start + count - 1, 1100),
    });
    const calls = stubApi(page(1100, 500, 0), page(600, 500, 500), page(100, 100, 1000));
    const result = await dataProvider.getList('orders', {
      filter: { queue: 'allOrder' },
      pagination: { page: 1, perPage: 1100 },
      sort: { field: 'order_id', order: 'DESC' },
    });
    expect(calls.map((call) => queryOf(call.url).range)).toEqual(['[0,499]', '[500,999]', '[1000,1499]']);
    expect(result.data).toHaveLength(1100);
    expect(result.total).toBe(1100);
  });

  it('getOne reads GET /api/orders/:id', async () => {
    const calls = stubApi({ body: { id: 1234, order_id: 1234, process_status: 'New' } });
    const one = await dataProvider.getOne('orders', { id: 1234 });
    expect(calls[0]).toMatchObject({ url: '/api/orders/1234', method: 'GET' });
    expect(one.data).toMatchObject({ id: 1234, order_id: 1234 });
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
  ] as const)('%s puts %s and answers the server message', async (method, url, body) => {
    const calls = stubApi({ body: { status: 1, message: 'Order has been assigned successfully' } });
    await expect(dataProvider[method]([3, '4'])).resolves.toEqual({ message: 'Order has been assigned successfully' });
    expect(calls[0]).toMatchObject({ url, method: 'PUT', body });
  });
});

describe('data provider: documents, mail, evidence and reports', () => {
  it("uploads the document as multipart with the old system's field names", async () => {
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
});

describe('data provider: conventional resources', () => {
  const rangeAnswer = (body: unknown, headers: Record<string, string>) =>
    vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status: 200, headers }));

  it('hands them to ra-data-simple-rest unchanged, through the one client that attaches the token', async () => {
    const fetchMock = rangeAnswer([{ id: 1 }], { 'Content-Range': 'team-members 0-0/1' });
    vi.stubGlobal('fetch', fetchMock);
    const result = await dataProvider.getList('team-members', {
      filter: { type: 'Team' },
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
    });
    expect(result).toEqual({ data: [{ id: 1 }], total: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(pathOf(url)).toBe('/api/team-members');
    expect(queryOf(url)).toEqual({ sort: '["name","ASC"]', range: '[10,19]', filter: '{"type":"Team"}' });
    expect(new Headers(init.headers).get('Authorization')).toBe('token-1');
  });

  it('marks a total the API counted only up to its cap (X-Total-Capped: 1) in meta.totalCapped', async () => {
    vi.stubGlobal('fetch', rangeAnswer([{ id: 1 }], { 'Content-Range': 'orders 0-0/1000', 'X-Total-Capped': '1' }));
    const capped = await dataProvider.getList('audit-events', {
      filter: { action: 'move' },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'DESC' },
    });
    expect(capped).toEqual({ data: [{ id: 1 }], total: 1000, meta: { totalCapped: true } });
  });

  it('maps a refused answer to an HttpError with the envelope message, for every verb', async () => {
    stubApi({ status: 400, body: { status: 0, message: 'Unknown sort field: password.' } });
    await expect(
      dataProvider.getList('team-members', {
        filter: {},
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'password', order: 'ASC' },
      }),
    ).rejects.toMatchObject({ status: 400, message: 'Unknown sort field: password.' });
    stubApi({ status: 403, body: { status: 0, message: 'Only an Admin may change an Admin.' } });
    const failure = dataProvider.update('team-members', { id: 1, data: { type: 'Team' }, previousData: { id: 1 } });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ status: 403, message: 'Only an Admin may change an Admin.' });
  });

  it('a 401 on a conventional call ends the session with its message', async () => {
    stubApi({ status: 401, body: { status: 401, message: 'Your session has expired. Please sign in again.' } });
    await expect(dataProvider.getOne('gateways', { id: 1 })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('user')).toBeNull();
  });
});
