import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { FIXTURE_FIELD, fixtureRegistry } from '../../helpers/fixtureRegistry.js';

type Row = Record<string, unknown>;
const query = (filter: object, sort?: [string, string], range: [number, number] = [0, 49]) =>
  `/api/orders?${new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify(range),
    ...(sort ? { sort: JSON.stringify(sort) } : {}),
  })}`;

/**
 * README "Extend a screen": one registry entry makes `occupation` a queue column that sorts and
 * filters, on the order page, and only for the roles it names: proved here through the real API
 * with the app factory given the fixture registry (tests/e2e/admin-config-registry shows it in the admin).
 */
describe.each(dialects())('a field added by registry entry alone, on %s', (dialect) => {
  let t: TestApp;
  let plain: TestApp;
  let tokens: Record<string, string>;
  const source = FIXTURE_FIELD.source;

  beforeAll(async () => {
    t = await createTestApp(dialect, { registry: fixtureRegistry });
    ({ tokens } = await signInDemoAccounts(t));
    plain = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
  });

  const get = (app: TestApp, token: string, url: string) => app.call(token, { method: 'GET', url });

  it('is in the registry the admin builds its views from, for the roles it names only', async () => {
    const fieldFor = async (role: string) => {
      const registry = (await get(t, tokens[role]!, '/api/admin/registry')).json().data as Array<{
        name: string;
        fields: Row[];
      }>;
      return registry.find((r) => r.name === 'orders')!.fields.find((f) => f.source === source);
    };
    expect(await fieldFor('admin')).toMatchObject({
      places: ['list', 'show', 'filter'],
      sortable: true,
      filter: 'eq',
      columnSets: ['orders'],
      section: 'personal',
    });
    expect(await fieldFor('manager')).toBeDefined();
    for (const role of ['team', 'telecaller', 'night']) expect(await fieldFor(role), role).toBeUndefined();
  });

  it('is a column of every queue row, sorts both ways and filters, exactly as the database has it', async () => {
    const inDb = await t.db('orders').whereNot('process_status', 'Deleted').select('order_id', source);
    const byId = new Map(inDb.map((o) => [Number(o.order_id), o[source] as string | null]));

    for (const order of ['ASC', 'DESC'] as const) {
      const res = await get(t, tokens.manager!, query({ queue: 'allOrder' }, [source, order]));
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json() as Row[];
      expect(rows.length).toBe(Math.min(50, inDb.length));
      // Every row carries the column with the stored value, and the page is in the asked order.
      for (const row of rows) expect(row[source]).toBe(byId.get(Number(row.id)));
      const values = rows.map((row) => String(row[source] ?? ''));
      const sorted = [...values].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
      expect(values).toEqual(order === 'ASC' ? sorted : sorted.reverse());
    }

    const counts = new Map<string, number>();
    for (const value of byId.values()) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
    const [value, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const filtered = await get(t, tokens.admin!, query({ queue: 'allOrder', [source]: value }, ['order_id', 'DESC']));
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect((filtered.json() as Row[]).every((row) => row[source] === value)).toBe(true);
    expect(filtered.headers['content-range']).toMatch(new RegExp(`/${count}$`));
  });

  it('is a field of the order page', async () => {
    const order = await t.db('orders').whereNotNull(source).first('order_id', source);
    const res = await get(t, tokens.admin!, `/api/orders/${order.order_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()[source]).toBe(order[source]);
  });

  it('never reaches a role it does not name: not in its rows, not on its order page, no sort or filter by it', async () => {
    const rows = (await get(t, tokens.team!, query({ queue: 'allOrder' }))).json() as Row[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).not.toHaveProperty(source);
    const order = await t.db('orders').whereNotNull(source).first('order_id');
    const page = await get(t, tokens.team!, `/api/orders/${order.order_id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).not.toHaveProperty(source);
    for (const url of [
      query({ queue: 'allOrder' }, [source, 'ASC']),
      query({ queue: 'allOrder', [source]: 'Engineer' }),
    ]) {
      const res = await get(t, tokens.team!, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().status).toBe(0);
    }
  });

  it('without the entry, the same app neither sorts nor filters by it, and lists no such column', async () => {
    const { tokens: plainTokens } = await signInDemoAccounts(plain);
    for (const url of [
      query({ queue: 'allOrder' }, [source, 'ASC']),
      query({ queue: 'allOrder', [source]: 'Engineer' }),
    ]) {
      expect((await get(plain, plainTokens.admin!, url)).statusCode, url).toBe(400);
    }
    const rows = (await get(plain, plainTokens.admin!, query({ queue: 'allOrder' }))).json() as Row[];
    for (const row of rows) expect(row).not.toHaveProperty(source);
  });
});
