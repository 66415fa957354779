import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { ManualClock } from '../../../api/src/core/clock.js';
import type { ListQuery } from '../../../api/src/core/resources.js';
import { pageOfDisputes } from '../../../api/src/modules/disputes/repo.js';
import { fillDisputes } from '../../../seeds/bulk/disputes.js';

const param = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const DUE: ListQuery = {
  sort: { source: 'dueBy', column: 'due_by', order: 'asc' },
  start: 0,
  end: 9,
  filters: [{ source: 'status', column: 'status', op: 'eq', value: 'needs_response' }],
};

describe.each(dialects())('disputes list pages on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  const clock = new ManualClock('2026-11-28T09:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    token = (await signInDemoAccounts(t)).tokens.telecaller!;
    await fillDisputes(t.db, 300, clock.now().getTime());
  });
  afterAll(() => t?.close());

  it.each([
    ['the Disputes due view', { status: 'needs_response' }, 'dueBy', 'due_by'],
    ['every dispute by opening', {}, 'openedAt', 'opened_at'],
  ])('answers each page of %s, either way, as that slice of the whole list', async (_label, filter, sort, column) => {
    for (const order of ['ASC', 'DESC'] as const) {
      const all = (
        await t
          .db('disputes')
          .where(filter)
          .orderBy([
            { column, order },
            { column: 'id', order },
          ])
          .pluck('id')
      ).map(Number);
      expect(all.length).toBeGreaterThan(20);
      // Sizes that end a page on the last row, short of it and past it; and a page after the last.
      for (const size of [7, 10, all.length])
        for (let start = 0; start <= all.length; start += size) {
          const res = await t.call(token, {
            method: 'GET',
            url: `/api/disputes?filter=${param(filter)}&sort=${param([sort, order])}&range=${param([start, start + size - 1])}`,
          });
          expect(res.statusCode, res.body).toBe(200);
          const ids = (res.json() as Array<{ id: number }>).map((d) => d.id);
          expect(ids, `${order} ${start}+${size}`).toEqual(all.slice(start, start + size));
          expect(res.headers['content-range']).toMatch(new RegExp(`/${all.length}$`));
        }
    }
  });

  it.runIf(dialect === 'mysql')('reads the first and the last page along the index, without sorting', async () => {
    const total = Number(
      ((await t.db('disputes').where('status', 'needs_response').count({ n: '*' }).first()) as { n: number }).n,
    );
    for (const start of [0, total - 10]) {
      const queries: Array<{ sql: string; bindings: unknown[] }> = [];
      const keep = (q: { sql: string; bindings: unknown[] }) => queries.push(q);
      t.db.on('query', keep);
      await pageOfDisputes(t.db, { ...DUE, start, end: start + 9 });
      t.db.off('query', keep);
      const page = queries.find((q) => q.sql.includes('limit'))!;
      // The last page is the first ten from the end: no offset to walk.
      expect(page.sql).not.toContain('offset');
      const [plan] = (await t.db.raw(`EXPLAIN ${page.sql}`, page.bindings as Knex.RawBinding[])) as [
        Array<{ key: string | null; Extra: string | null }>,
      ];
      expect(plan).toHaveLength(1);
      expect(plan[0]!.key).toBe('disputes_status_due_by');
      expect(plan[0]!.Extra ?? '').not.toContain('filesort');
    }
  });
});
