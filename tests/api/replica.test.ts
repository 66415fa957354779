import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createTestDb, dialects, type TestDb } from '../helpers/db.js';

const DAY = '2020-02-02';

/**
 * DATABASE_READ_URL (issue 23): the two reports and their CSV exports (the report resources the
 * admin exports from) read through a second pool on the replica, and nothing is written there. The
 * read database here is a separate one holding numbers the primary does not have: an answer with
 * them can only have come from it.
 */
describe.skipIf(!dialects().includes('mysql'))('reports on a read database (DATABASE_READ_URL)', () => {
  let t: TestApp;
  let readDb: TestDb;
  let token: string;

  beforeAll(async () => {
    readDb = await createTestDb('mysql', { seed: false });
    await readDb.db('report_country_totals').insert([
      { period: 'day', day: DAY, nationality: 'ATLANTIS', mode: 'Standard', count: 7 },
      { period: 'day', day: DAY, nationality: 'ATLANTIS', mode: 'Priority', count: 2 },
    ]);
    await readDb
      .db('report_processed_totals')
      .insert({ period: 'day', day: DAY, processed_by: 'Replica Reader', count: 5 });
    t = await createTestApp('mysql', { config: { databaseReadUrl: readDb.databaseUrl } });
    token = await t.login('admin@demo.test');
  });
  afterAll(async () => {
    await t?.close();
    await readDb?.drop();
  });

  const post = (url: string) => t.call(token, { method: 'POST', url, payload: { fromDate: DAY, toDate: DAY } });
  const getList = (resource: string) =>
    t.call(token, {
      method: 'GET',
      url: `/api/${resource}`,
      query: { filter: JSON.stringify({ from: DAY, to: DAY }) },
    });

  it('answers both reports and their resources from the read database', async () => {
    const atlantis = { nationality: 'ATLANTIS', count: 9, standard_count: 7, priority_count: 2, future_count: 0 };
    expect((await post('/api/admin/get-country-order-count')).json().data).toEqual([atlantis]);
    expect((await post('/api/admin/get-processed-by-count')).json().data).toEqual([
      { processed_by: 'Replica Reader', count: 5 },
    ]);
    expect((await getList('country-report')).json()).toMatchObject([atlantis]);
    expect((await getList('processed-by-report')).json()).toMatchObject([{ processed_by: 'Replica Reader', count: 5 }]);
    // The primary has none of it.
    expect(await t.db('report_country_totals').where({ day: DAY })).toEqual([]);
  });

  it('writes to the primary only', async () => {
    const order = await t.db('orders').where('process_status', 'New').first('order_id', 'nationality', 'created_at');
    const res = await t.call(token, {
      method: 'PUT',
      url: '/api/admin/change-order-status',
      payload: { orderId: order.order_id, updatingStatus: 'Deleted' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.db('orders').where({ order_id: order.order_id }).first()).process_status).toBe('Deleted');
    // The read database kept exactly what it held: its totals, and no orders or audit rows.
    expect(await readDb.db('report_country_totals').sum({ n: 'count' }).first()).toEqual({ n: 9 });
    expect(await readDb.db('orders').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await readDb.db('audit_events').count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});
