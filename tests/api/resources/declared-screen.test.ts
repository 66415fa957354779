import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingIndexes } from '../../../api/src/db/registryIndexes.js';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { registryWithFixture } from '../../fixtures/screen/declaration.js';
import { up } from '../../fixtures/screen/migration.js';

/**
 * A screen added by its declaration and its migration alone (tests/fixtures/screen): no module serves it, so
 * the API reads it from its declared table, behind the permission its declaration gives each verb; the
 * registry hands it, with its sidebar entry, only to the roles that may list it; and the index check finds
 * the index each of its sorts and filters names.
 */
describe.each(dialects())('a screen added by declaration on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { registry: registryWithFixture });
    await up(t.db);
    await t.db('visa_offices').insert([
      { city: 'Bangkok', country: 'TH', opened_on: '2020-01-15' },
      { city: 'Chiang Mai', country: 'TH', opened_on: '2021-06-01' },
      { city: 'Paris', country: 'FR', opened_on: null },
    ]);
    ({ tokens } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  const get = (role: string, url: string, query: Record<string, unknown> = {}) =>
    t.call(tokens[role]!, {
      method: 'GET',
      url,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])),
    });

  it('lists its table for a role its list permission names, sorted, filtered and paged as declared', async () => {
    const all = await get('manager', '/api/visa-offices');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-range']).toBe('visa-offices 0-2/3');
    expect(all.json().map((row: { city: string }) => row.city)).toEqual(['Bangkok', 'Chiang Mai', 'Paris']);
    expect(all.json()[0]).toEqual({ id: expect.any(Number), city: 'Bangkok', country: 'TH', opened_on: '2020-01-15' });

    const thai = await get('admin', '/api/visa-offices', { filter: { country: 'TH' }, sort: ['city', 'DESC'] });
    expect(thai.json().map((row: { city: string }) => row.city)).toEqual(['Chiang Mai', 'Bangkok']);
    const prefix = await get('admin', '/api/visa-offices', { filter: { city: 'Chi' }, range: [0, 0] });
    expect(prefix.json().map((row: { city: string }) => row.city)).toEqual(['Chiang Mai']);

    const one = await get('manager', `/api/visa-offices/${thai.json()[0].id}`);
    expect(one.json()).toMatchObject({ city: 'Chiang Mai', country: 'TH' });
    expect((await get('manager', '/api/visa-offices/999999')).statusCode).toBe(404);
  });

  it('refuses the roles its permission does not name, and what its declaration does not offer', async () => {
    for (const role of ['team', 'telecaller', 'night']) {
      expect((await get(role, '/api/visa-offices')).statusCode).toBe(403);
      expect((await get(role, '/api/visa-offices/1')).statusCode).toBe(403);
    }
    const unknownFilter = await get('admin', '/api/visa-offices', { filter: { opened_on: '2020-01-15' } });
    expect(unknownFilter.statusCode).toBe(400);
    expect(unknownFilter.json().message).toBe('Unknown filter: opened_on.');
    const unsortable = await get('admin', '/api/visa-offices', { sort: ['country', 'ASC'] });
    expect(unsortable.statusCode).toBe(400);
    expect(unsortable.json().message).toBe('Cannot sort by country.');
    // Read-only: no verb it does not declare is served.
    const create = await t.call(tokens.admin!, { method: 'POST', url: '/api/visa-offices', payload: { city: 'Rome' } });
    expect(create.statusCode).toBe(404);
  });

  it('is in the registry, with its sidebar entry, for the roles that may list it only', async () => {
    const registry = async (role: string) =>
      ((await get(role, '/api/admin/registry')).json().data as Array<{ name: string }>).find(
        (resource) => resource.name === 'visa-offices',
      );
    expect(await registry('manager')).toMatchObject({
      verbs: ['list', 'show'],
      menu: { group: 'reports', icon: 'public', label: 'Visa offices' },
    });
    expect(await registry('manager')).not.toHaveProperty('table');
    expect(await registry('team')).toBeUndefined();
  });

  it('names an index its migration made for every sort and filter', async () => {
    expect(await missingIndexes(t.db, registryWithFixture)).toEqual([]);
  });
});
