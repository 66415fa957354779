import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../api/src/app.js';
import { placeOfIp } from '../../../api/src/geo/ipLocation.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const LANGUAGE = 'th-TH,th;q=0.9,en;q=0.8';

describe('IP location from the bundled database', () => {
  it.each([
    ['8.8.8.8', 'United States'],
    ['1.1.1.1', 'Australia'],
    ['2a00:1450:4001::1', 'Germany'],
    ['::ffff:8.8.8.8', 'United States'],
  ])('places %s in %s, with a city', async (ip, country) => {
    const place = await placeOfIp(ip);
    expect(place.location).toBe(country);
    expect(place.city).toMatch(/\S/);
  });

  it.each(['127.0.0.1', '::1', '10.1.2.3', '172.16.5.4', '192.168.1.20', '100.64.0.1', 'fd00::1', 'fe80::1'])(
    'reads %s as a private network',
    async (ip) => expect(await placeOfIp(ip)).toEqual({ location: 'Private network', city: null }),
  );

  it("lets a trusted proxy's country win, keeping the city only when the database agrees", async () => {
    expect(await placeOfIp('8.8.8.8', 'us')).toMatchObject({ location: 'United States', city: expect.any(String) });
    expect(await placeOfIp('8.8.8.8', 'TH')).toEqual({ location: 'Thailand', city: null });
    // ZZ and XX are how proxies say they do not know: the database answers instead.
    expect(await placeOfIp('8.8.8.8', 'ZZ')).toMatchObject({ location: 'United States' });
    expect(await placeOfIp('not an ip')).toEqual({ location: 'Unknown', city: null });
  });
});

describe.each(dialects())('download location and device on %s', (dialect) => {
  let t: TestApp;
  let proxied: FastifyInstance;
  let order: { order_id: number; email: string; file1: string };

  const download = async (app: FastifyInstance, headers: Record<string, string>) => {
    const tracked = await app.inject({
      method: 'POST',
      url: '/api/front/track-order',
      payload: { orderId: String(order.order_id), email: order.email },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/front/download-passport-doc-pdf',
      payload: { orderId: String(order.order_id), file1: order.file1, token: tracked.json().data.token },
      headers: { 'user-agent': ANDROID, 'accept-language': LANGUAGE, ...headers },
    });
    expect(res.statusCode).toBe(200);
    return t.db('download_history').where({ order_id: order.order_id }).orderBy('id', 'desc').first();
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    order = await t
      .db('orders as o')
      .join('uploaded_documents as d', 'd.order_id', 'o.order_id')
      .where('o.process_status', 'Completed')
      .orderBy('o.order_id')
      .first('o.order_id', 'o.email', 'd.file1');
    // The proxy in front is on this machine, as inject's requests come from 127.0.0.1.
    proxied = await buildApp({ config: { ...t.config, trustProxy: 'loopback' }, db: t.db });
    await proxied.ready();
  });
  afterAll(async () => {
    await proxied?.close();
    await t?.close();
  });

  it('records "United States" for a download from 8.8.8.8 through a trusted proxy, with the device', async () => {
    const row = await download(proxied, { 'x-forwarded-for': '8.8.8.8' });
    expect(row).toMatchObject({
      ip: '8.8.8.8',
      location: 'United States',
      device: 'Samsung SM-S918B',
      device_type: 'mobile',
      browser: 'Mobile Chrome-126.0.0.0',
      os: 'Android 14',
      // Stated as such: SHA-256 of the user agent and Accept-Language, first 16 hex digits.
      device_id: crypto.createHash('sha256').update(`${ANDROID}\n${LANGUAGE}`).digest('hex').slice(0, 16),
    });
    expect(row.city).toMatch(/\S/);
  });

  it('records "Private network" for a loopback download', async () => {
    expect(await download(t.app, {})).toMatchObject({ ip: '127.0.0.1', location: 'Private network', city: null });
  });

  it('shows the location and city in the visitor history and the staff order page', async () => {
    const tracked = await t.app.inject({
      method: 'POST',
      url: '/api/front/track-order',
      payload: { orderId: String(order.order_id), email: order.email },
    });
    const history = await t.app.inject({
      method: 'POST',
      url: '/api/front/get-download-history',
      payload: { orderId: String(order.order_id), token: tracked.json().data.token },
    });
    const rows = history.json().data as Array<{ ip: string; location: string; city: string | null }>;
    expect(rows.find((r) => r.ip === '8.8.8.8')).toMatchObject({ location: 'United States', city: expect.any(String) });
    expect(rows[0]).toMatchObject({ ip: '127.0.0.1', location: 'Private network', city: null });

    const staff = await t.login('team@demo.test');
    const resource = await t.call(staff, {
      method: 'GET',
      url: '/api/downloads',
      query: { filter: JSON.stringify({ order_id: order.order_id }) },
    });
    expect(resource.statusCode).toBe(200);
    expect(resource.json().find((r: { ip: string }) => r.ip === '8.8.8.8')).toMatchObject({
      location: 'United States',
      city: expect.any(String),
      device_id: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });
});
