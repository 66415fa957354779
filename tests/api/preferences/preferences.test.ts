import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCES_PER_MEMBER } from '@app/domain';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

const COLUMNS = 'orders.recent-order.datatable';
const RANKS = 'orders.recent-order.datatable_columnRanks';
const SECTIONS = 'orders.sections';
const SAVED = 'orders.savedQueries';

describe.each(dialects())('preferences API on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let ids: Record<string, number>;
  let secondTeam: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens, ids } = await signInDemoAccounts(t));
    const add = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/admin/add-team-member',
      payload: { name: 'Second Team', email: 'team2@demo.test', password: 'secret-123', type: 'Team' },
    });
    expect(add.statusCode).toBe(200);
    secondTeam = await t.login('team2@demo.test', 'secret-123');
  });
  afterAll(() => t?.close());

  const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
  const put = (token: string, url: string, value: unknown) => t.call(token, { method: 'PUT', url, payload: { value } });
  const del = (token: string, url: string) => t.call(token, { method: 'DELETE', url });

  it('starts empty, as a whole list in ra-data-simple-rest conventions', async () => {
    const res = await get(tokens.team!, '/api/preferences');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['content-range']).toBe('preferences 0-0/0');
    expect((await get(tokens.team!, `/api/preferences/${COLUMNS}`)).statusCode).toBe(404);
  });

  it('keeps a member’s own values, for that member only, and reads them back in any session', async () => {
    const saved = await put(tokens.manager!, `/api/preferences/${COLUMNS}`, ['email', 'phone_number']);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ id: COLUMNS, value: ['email', 'phone_number'], scope: 'member' });
    await put(tokens.manager!, `/api/preferences/${RANKS}`, [1, 0, 2]);
    // Saving again replaces the value (one row per member and key).
    await put(tokens.manager!, `/api/preferences/${COLUMNS}`, ['email']);

    const again = await t.login('manager@demo.test');
    const list = await get(again, '/api/preferences');
    expect(list.json()).toEqual([
      { id: COLUMNS, value: ['email'], scope: 'member' },
      { id: RANKS, value: [1, 0, 2], scope: 'member' },
    ]);
    expect(list.headers['content-range']).toBe('preferences 0-1/2');
    expect((await get(again, `/api/preferences/${RANKS}`)).json()).toEqual({
      id: RANKS,
      value: [1, 0, 2],
      scope: 'member',
    });
    expect((await get(tokens.admin!, '/api/preferences')).json()).toEqual([]);
    expect(await t.db('member_preferences').where({ member_id: ids.manager }).count({ n: '*' }).first()).toEqual({
      n: 2,
    });
  });

  it('keeps saved queries with their filters, sort and columns', async () => {
    const query = {
      label: 'Thai priority orders',
      value: {
        filter: { nationality: 'THAILAND', processing_mode: 'Priority' },
        displayedFilters: { nationality: true },
        sort: { field: 'created_at', order: 'ASC' },
        perPage: 25,
        columns: { hidden: ['phone_number'], ranks: [0, 2, 1] },
      },
    };
    const res = await put(tokens.telecaller!, `/api/preferences/${SAVED}`, [query]);
    expect(res.statusCode).toBe(200);
    expect((await get(tokens.telecaller!, `/api/preferences/${SAVED}`)).json().value).toEqual([query]);
  });

  it('resolves member, then the role default an Admin published, then nothing; a reset restores the role’s', async () => {
    const published = await put(tokens.admin!, `/api/preferences/role/Team/${COLUMNS}`, ['phone_number']);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({ id: COLUMNS, value: ['phone_number'], scope: 'role' });
    await put(tokens.admin!, `/api/preferences/role/Team/${SECTIONS}`, { payment: true, health: false });
    expect(await t.db('role_preferences').where({ role: 'Team', pref_key: COLUMNS }).first('updated_by')).toMatchObject(
      { updated_by: ids.admin },
    );

    // Both Team members start from the role's layout; other roles do not see it.
    for (const token of [tokens.team!, secondTeam]) {
      expect((await get(token, '/api/preferences')).json()).toEqual([
        { id: COLUMNS, value: ['phone_number'], scope: 'role' },
        { id: SECTIONS, value: { payment: true, health: false }, scope: 'role' },
      ]);
    }
    expect((await get(tokens.night!, `/api/preferences/${COLUMNS}`)).statusCode).toBe(404);

    // A member's own choice wins over the role's, for that member only.
    await put(tokens.team!, `/api/preferences/${COLUMNS}`, ['email', 'created_at']);
    expect((await get(tokens.team!, `/api/preferences/${COLUMNS}`)).json()).toEqual({
      id: COLUMNS,
      value: ['email', 'created_at'],
      scope: 'member',
    });
    expect((await get(secondTeam, `/api/preferences/${COLUMNS}`)).json().scope).toBe('role');

    // Republishing changes the role's layout but not a member's own choice.
    await put(tokens.admin!, `/api/preferences/role/Team/${COLUMNS}`, ['email']);
    expect((await get(secondTeam, `/api/preferences/${COLUMNS}`)).json().value).toEqual(['email']);
    expect((await get(tokens.team!, `/api/preferences/${COLUMNS}`)).json().value).toEqual(['email', 'created_at']);

    // Reset to my role's layout.
    const reset = await del(tokens.team!, `/api/preferences/${COLUMNS}`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ id: COLUMNS, value: ['email'], scope: 'role' });
    expect((await get(tokens.team!, `/api/preferences/${COLUMNS}`)).json().scope).toBe('role');

    // With no role default either, a reset leaves nothing.
    await put(tokens.night!, `/api/preferences/${RANKS}`, [2, 1, 0]);
    expect((await del(tokens.night!, `/api/preferences/${RANKS}`)).json()).toEqual({
      id: RANKS,
      value: null,
      scope: null,
    });
    expect((await get(tokens.night!, `/api/preferences/${RANKS}`)).statusCode).toBe(404);

    const defaults = await get(tokens.admin!, '/api/preferences/role/Team');
    expect(defaults.json().map((p: { id: string }) => p.id)).toEqual([COLUMNS, SECTIONS]);
    expect(defaults.headers['content-range']).toBe('preferences 0-1/2');

    // Withdrawing the role default: members of the role fall back to nothing.
    expect((await del(tokens.admin!, `/api/preferences/role/Team/${SECTIONS}`)).statusCode).toBe(200);
    expect((await get(secondTeam, `/api/preferences/${SECTIONS}`)).statusCode).toBe(404);
    const again = await del(tokens.admin!, `/api/preferences/role/Team/${SECTIONS}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().status).toBe(0);
  });

  it('lets only an Admin publish or withdraw a role default, and only a layout', async () => {
    for (const role of ['manager', 'team', 'telecaller', 'night']) {
      for (const res of [
        await put(tokens[role]!, `/api/preferences/role/${'Team'}/${COLUMNS}`, ['email']),
        await del(tokens[role]!, `/api/preferences/role/Team/${COLUMNS}`),
        await get(tokens[role]!, '/api/preferences/role/Team'),
      ]) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json()).toMatchObject({ status: 0 });
      }
    }
    const queries = await put(tokens.admin!, `/api/preferences/role/Team/${SAVED}`, []);
    expect(queries.statusCode).toBe(400);
    expect(queries.json().message).toBe('A role default holds a layout only (columns, column order and sections).');
    const role = await put(tokens.admin!, `/api/preferences/role/Boss/${COLUMNS}`, []);
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toMatch(/^role must be one of Admin, Manager/);
  });

  it.each([
    [
      'a key the server does not keep',
      'orders.listParams',
      ['x'],
      400,
      '"orders.listParams" is not a preference kept on the server.',
    ],
    ['a key with other characters', 'orders.data table', ['x'], 400, /^key must be a preference key/],
    ['a key of 101 characters', `${'a'.repeat(91)}.datatable`, ['x'], 414, 'The address is too long.'],
    ['hidden columns that are not names', COLUMNS, [1, 2], 400, 'value is not a valid columns preference.'],
    ['ranks that are not positions', RANKS, ['a'], 400, 'value is not a valid columnRanks preference.'],
    [
      'sections that are not open or closed',
      SECTIONS,
      { payment: 'yes' },
      400,
      'value is not a valid sections preference.',
    ],
    ['a saved query without a name', SAVED, [{ value: {} }], 400, 'value is not a valid savedQueries preference.'],
    ['null', COLUMNS, null, 400, 'value is not a valid columns preference.'],
  ])('refuses %s and keeps nothing', async (_, key, value, code, message) => {
    const res = await put(tokens.night!, `/api/preferences/${encodeURIComponent(key)}`, value);
    expect(res.statusCode).toBe(code);
    expect(res.json().status).toBe(0);
    expect(res.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(await t.db('member_preferences').where({ member_id: ids.night }).count({ n: '*' }).first()).toEqual({
      n: 0,
    });
  });

  it('refuses a body without a value, and a value over 64 KB', async () => {
    const missing = await t.call(tokens.night!, { method: 'PUT', url: `/api/preferences/${COLUMNS}`, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ status: 0, message: 'value is required' });

    const big = [{ label: 'Big', value: { filter: { q: 'é'.repeat(33_000) } } }];
    const tooBig = await put(tokens.night!, `/api/preferences/${SAVED}`, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ status: 0, message: 'A preference can be at most 64 KB.' });
    // Just under the limit in UTF-8 bytes (2 per é) is kept, on both databases.
    const fits = [{ label: 'Big', value: { filter: { q: 'é'.repeat(32_700) } } }];
    expect((await put(tokens.night!, `/api/preferences/${SAVED}`, fits)).statusCode).toBe(200);
    expect((await get(tokens.night!, `/api/preferences/${SAVED}`)).json().value).toEqual(fits);
    await del(tokens.night!, `/api/preferences/${SAVED}`);
  });

  it(`keeps at most ${PREFERENCES_PER_MEMBER} keys per member, and still updates the ones kept`, async () => {
    for (let i = 0; i < PREFERENCES_PER_MEMBER; i++) {
      const res = await put(tokens.telecaller!, `/api/preferences/screen${i}.datatable`, []);
      if (res.statusCode !== 200) {
        // The saved queries of an earlier test count too.
        expect(i).toBe(PREFERENCES_PER_MEMBER - 1);
        expect(res.statusCode).toBe(400);
      }
    }
    const over = await put(tokens.telecaller!, '/api/preferences/one-more.datatable', []);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/^You keep 200 preferences already/);
    expect((await put(tokens.telecaller!, '/api/preferences/screen0.datatable', ['email'])).statusCode).toBe(200);
  });

  it('needs a signed-in member', async () => {
    for (const [method, url] of [
      ['GET', '/api/preferences'],
      ['PUT', `/api/preferences/${COLUMNS}`],
      ['DELETE', `/api/preferences/${COLUMNS}`],
      ['PUT', `/api/preferences/role/Team/${COLUMNS}`],
    ] as const) {
      const res = await t.call(null, { method, url, payload: method === 'PUT' ? { value: [] } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
