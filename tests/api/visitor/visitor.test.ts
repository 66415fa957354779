import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../api/src/app.js';
import { signVisitorToken } from '../../../api/src/modules/files/links.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const NOT_FOUND = { status: 0, message: 'We could not find an order with these details.' };
const EXPIRED = { status: 0, message: 'Your tracking session has expired. Please track your order again.' };

interface DocumentedOrder {
  order_id: number;
  email: string;
  full_name: string;
  file1: string;
  storage_key: string;
}

/** The app on the same database, built with a proxy in front (TRUST_PROXY) or other limits. */
async function sibling(t: TestApp, overrides: Partial<TestApp['config']>, trustProxy = false) {
  // The proxy in front is on this machine, as inject's requests come from 127.0.0.1.
  const config = { ...t.config, ...overrides, ...(trustProxy ? { trustProxy: 'loopback' } : {}) };
  const app = await buildApp({ config, db: t.db });
  await app.ready();
  return app;
}

describe.each(dialects())('visitor calls on %s', (dialect) => {
  let t: TestApp;
  let order: DocumentedOrder;
  let other: DocumentedOrder;
  let proxied: FastifyInstance;

  const post = (
    url: string,
    payload: object,
    options: { headers?: Record<string, string>; app?: FastifyInstance } = {},
  ) => (options.app ?? t.app).inject({ method: 'POST', url: `/api/front/${url}`, payload, headers: options.headers });

  const track = async (o: DocumentedOrder = order) => {
    const res = await post('track-order', { orderId: String(o.order_id), email: o.email });
    expect(res.statusCode).toBe(200);
    return res.json().data.token as string;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const documented = await t
      .db('orders as o')
      .join('uploaded_documents as d', 'd.order_id', 'o.order_id')
      .where('o.process_status', 'Completed')
      .select('o.order_id', 'o.email', 'o.full_name', 'd.file1', 'd.storage_key')
      .orderBy('o.order_id')
      .limit(2);
    [order, other] = documented as [DocumentedOrder, DocumentedOrder];
    proxied = await sibling(t, {}, true);
  });
  afterAll(async () => {
    await proxied?.close();
    await t?.close();
  });

  it('tracks an order with the right email, in any case and with spaces, and hands out a visitor token', async () => {
    const res = await post('track-order', { orderId: order.order_id, email: ` ${order.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 1, message: 'Order found.', data: { orderId: order.order_id } });
    const [id, expires] = body.data.token.split('.');
    expect(Number(id)).toBe(order.order_id);
    expect(Number(expires) - Date.now() / 1000).toBeGreaterThan(29 * 60);
    expect(Number(expires) - Date.now() / 1000).toBeLessThanOrEqual(30 * 60);
  });

  it('answers an unknown order, a wrong email, a deleted order and a non-numeric id alike', async () => {
    const deleted = await t.db('orders').where({ process_status: 'Deleted' }).first('order_id', 'email');
    const answers = await Promise.all([
      post('track-order', { orderId: String(order.order_id), email: 'someone.else@example.com' }),
      post('track-order', { orderId: '999999999', email: order.email }),
      post('track-order', { orderId: String(deleted.order_id), email: deleted.email }),
      post('track-order', { orderId: 'abc', email: order.email }),
      post('track-order', { orderId: String(order.order_id), email: `${order.email}x` }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it.each([
    [{}, 'Please enter your orderId'],
    [{ orderId: '', email: 'a@b.co' }, 'Please enter your orderId'],
    [{ orderId: '   ', email: 'a@b.co' }, 'Please enter your orderId'],
    [{ orderId: '12' }, 'Please enter your email'],
    [{ orderId: '12', email: '' }, 'Please enter your email'],
    [{ orderId: '12', email: 'a'.repeat(300) }, 'email must NOT have more than 191 characters'],
    [{ orderId: { $gt: 0 }, email: 'a@b.co' }, 'orderId must be string'],
  ])('refuses bad tracking input %#', async (payload, message) => {
    const res = await post('track-order', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message });
  });

  it('answers the download page with the document name and the history, for a valid token only', async () => {
    const token = await track();
    const res = await post('get-download-history', { orderId: String(order.order_id), token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 1,
      mainResult: { order_id: order.order_id, full_name: order.full_name, process_status: 'Completed' },
      path: { file1: order.file1 },
    });
    const stored = await t.db('download_history').where({ order_id: order.order_id }).count({ n: '*' }).first();
    expect(body.data).toHaveLength(Number(stored?.n));
    for (const row of body.data) {
      expect(Object.keys(row).sort()).toEqual(
        [
          'browser',
          'city',
          'create_ts',
          'device',
          'device_type',
          'id',
          'ip',
          'location',
          'order_id',
          'os',
          'seq',
        ].sort(),
      );
      expect(row.create_ts).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }

    // Newest first, each numbered from the oldest as staff see it in Download History.
    expect(body.data.map((row: { seq: number }) => row.seq)).toEqual(
      Array.from({ length: body.data.length }, (_, i) => body.data.length - i),
    );

    const [id, expires, signature] = token.split('.');
    const refused = [
      { orderId: String(other.order_id), token },
      { orderId: String(order.order_id), token: `${id}.${Number(expires) + 600}.${signature}` },
      { orderId: String(order.order_id), token: `${id}.${expires}.${signature!.slice(0, -2)}AA` },
      { orderId: String(order.order_id), token: signVisitorToken(t.config.jwtSecret, order.order_id, 1_000) },
      {
        orderId: String(order.order_id),
        token: signVisitorToken('another-secret-another-secret-0123', order.order_id),
      },
      { orderId: String(order.order_id), token: 'nonsense' },
    ];
    for (const payload of refused) {
      const answer = await post('get-download-history', payload);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual(EXPIRED);
    }
  });

  it('answers path null for an order with no document yet', async () => {
    const pending = await t
      .db('orders')
      .where({ process_status: 'New' })
      .whereNotExists(t.db('uploaded_documents as d').whereRaw('d.order_id = orders.order_id'))
      .first('order_id', 'email');
    const tracked = await post('track-order', { orderId: String(pending.order_id), email: pending.email });
    const res = await post('get-download-history', {
      orderId: String(pending.order_id),
      token: tracked.json().data.token,
    });
    expect(res.json()).toMatchObject({ status: 1, data: [], path: null, mainResult: { process_status: 'New' } });
  });

  it('records a download with the parsed device and an audit event, and answers a working signed link', async () => {
    const token = await track();
    const before = await t.db('download_history').where({ order_id: order.order_id }).max({ id: 'id' }).first();
    const res = await post(
      'download-passport-doc-pdf',
      {
        orderId: String(order.order_id),
        customername: order.full_name,
        file1: order.file1,
        token,
        timezone: 'Asia/Bangkok',
      },
      { headers: { 'user-agent': IPHONE } },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 1,
      data: { fileName: `Thailand-Arrival-Card-${order.order_id}.pdf` },
    });
    expect(body.data.url).toMatch(
      new RegExp(
        `^/uploads/docs/${order.order_id}_${order.file1.replace('.', '\\.')}\\?expires=\\d+&signature=[\\w-]+$`,
      ),
    );

    const row = await t.db('download_history').where({ order_id: order.order_id }).orderBy('id', 'desc').first();
    expect(row.id).toBeGreaterThan(Number(before?.id ?? 0));
    expect(row).toMatchObject({
      file1: order.file1,
      ip: '127.0.0.1',
      device: 'Apple iPhone',
      device_type: 'mobile',
      browser: 'Mobile Safari-17.5',
      os: 'iOS 17.5',
      // A loopback address is never on any map.
      location: 'Private network',
      timezone: 'Asia/Bangkok',
      user_agent: IPHONE,
    });
    const audit = await t
      .db('audit_events')
      .where({ order_id: order.order_id, action: 'download' })
      .orderBy('id', 'desc')
      .first();
    expect(audit).toMatchObject({ member_id: null, detail: `${order.file1} by the visitor from 127.0.0.1` });

    const file = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(fs.readFileSync(path.join(t.dataDir, 'uploads', order.storage_key)))).toBe(true);

    const history = await post('get-download-history', { orderId: String(order.order_id), token });
    expect(history.json().data[0]).toMatchObject({ id: row.id, device: 'Apple iPhone', browser: 'Mobile Safari-17.5' });
  });

  it('reads IP and country from a trusted proxy, and ignores the country header of a direct client', async () => {
    const token = await track();
    const download = async (app: FastifyInstance, headers: Record<string, string>) => {
      const res = await post(
        'download-passport-doc-pdf',
        { orderId: String(order.order_id), file1: order.file1, token },
        { app, headers: { 'user-agent': WINDOWS_CHROME, ...headers } },
      );
      expect(res.statusCode).toBe(200);
      return t.db('download_history').where({ order_id: order.order_id }).orderBy('id', 'desc').first();
    };
    expect(await download(proxied, { 'x-forwarded-for': '::ffff:203.0.113.7', 'cf-ipcountry': 'TH' })).toMatchObject({
      ip: '203.0.113.7',
      location: 'Thailand',
      device: 'Windows PC',
      device_type: 'desktop',
      browser: 'Chrome-126.0.0.0',
      os: 'Windows 10',
      timezone: null,
    });
    expect(await download(proxied, { 'x-forwarded-for': '198.51.100.4', 'x-country-code': 'jp' })).toMatchObject({
      ip: '198.51.100.4',
      location: 'Japan',
    });
    expect(await download(proxied, { 'x-forwarded-for': '198.51.100.4', 'cf-ipcountry': 'XX' })).toMatchObject({
      location: 'Unknown',
    });
    expect(await download(t.app, { 'x-forwarded-for': '203.0.113.7', 'cf-ipcountry': 'TH' })).toMatchObject({
      ip: '127.0.0.1',
      location: 'Private network',
    });
  });

  it('refuses a document of another order and a bad token, recording nothing', async () => {
    const token = await track();
    const count = async () =>
      Number((await t.db('download_history').count({ n: '*' }).first())?.n) +
      Number((await t.db('audit_events').count({ n: '*' }).first())?.n);
    const before = await count();
    const wrongFile = await post('download-passport-doc-pdf', {
      orderId: String(order.order_id),
      file1: other.file1,
      token,
    });
    expect(wrongFile.statusCode).toBe(404);
    expect(wrongFile.json()).toEqual({
      status: 0,
      message: 'This document is no longer available. Please contact support.',
    });
    const otherToken = await track(other);
    const wrongToken = await post('download-passport-doc-pdf', {
      orderId: String(order.order_id),
      file1: order.file1,
      token: otherToken,
    });
    expect(wrongToken.statusCode).toBe(403);
    const missing = await post('download-passport-doc-pdf', { orderId: String(order.order_id), token });
    expect(missing.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('rate limits tracking and the download calls per IP', async () => {
    const limited = await sibling(t, { trackRateMax: 2 });
    try {
      const attempt = (remoteAddress: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/front/track-order',
          remoteAddress,
          payload: { orderId: String(order.order_id), email: 'wrong@example.com' },
        });
      expect((await attempt('10.0.0.1')).statusCode).toBe(404);
      expect((await attempt('10.0.0.1')).statusCode).toBe(404);
      const blocked = await attempt('10.0.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many attempts\. Please wait \d+ minute\(s\) and try again\.$/);
      // The visitor app words its own message from this.
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The right pair is refused too once the address is over its limit: no guessing around it.
      const right = await limited.inject({
        method: 'POST',
        url: '/api/front/track-order',
        remoteAddress: '10.0.0.1',
        payload: { orderId: String(order.order_id), email: order.email },
      });
      expect(right.statusCode).toBe(429);
      expect((await attempt('10.0.0.2')).statusCode).toBe(404);

      const token = await track();
      const history = () =>
        limited.inject({
          method: 'POST',
          url: '/api/front/get-download-history',
          remoteAddress: '10.0.0.3',
          payload: { orderId: String(order.order_id), token },
        });
      for (let i = 0; i < 10; i++) expect((await history()).statusCode).toBe(200);
      expect((await history()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
