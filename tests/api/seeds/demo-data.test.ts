import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { CE3_NOT_QUALIFYING, CE3_QUALIFYING, SCRIPT_CUSTOMERS } from '../../../seeds/02_evidence.js';

/** The demo data reads true, a French resident lives in a French city (not Chicago). SQLite only. */
describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('gives every order a city of its country of residence', async () => {
    const rows: Array<{ territory: string; state: string }> = await t.db('orders').select('territory', 'state');
    const citiesOf = new Map<string, Set<string>>();
    for (const { territory, state } of rows) citiesOf.set(territory, (citiesOf.get(territory) ?? new Set()).add(state));
    for (const customer of [...SCRIPT_CUSTOMERS, CE3_QUALIFYING, CE3_NOT_QUALIFYING]) {
      const own = await t.db('orders').where({ email: customer.email }).pluck('state');
      expect(new Set(own), customer.email).toEqual(new Set([customer.province]));
    }
    // No city shows up under two countries.
    const countriesOfCity = new Map<string, string[]>();
    for (const [territory, cities] of citiesOf) {
      for (const city of cities) countriesOfCity.set(city, [...(countriesOfCity.get(city) ?? []), territory]);
    }
    expect([...countriesOfCity].filter(([, countries]) => countries.length > 1)).toEqual([]);
    expect(citiesOf.get('France')).not.toContain('Chicago');
  });
});
