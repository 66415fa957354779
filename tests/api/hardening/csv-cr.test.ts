import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvSafe } from '@app/domain';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * Control characters are refused in single-line fields (a name like `Demo Team\r=cmd|' /C calc'!A0` would
 * start an Audit Log CSV row with `=cmd`), and a cell that holds one anyway is neutralised after every line
 * break.
 */
const HOSTILE_NAME = "Demo Team\r=cmd|' /C calc'!A0";

describe.each(dialects())('single-line names on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let ids: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens, ids } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  it.each([
    ['a carriage return', HOSTILE_NAME],
    ['a line feed', 'Demo Team\n@SUM(A1)'],
    ['a tab', 'Demo\tTeam'],
    ['a NUL', 'Demo\u0000Team'],
    ['DEL', 'Demo\u007fTeam'],
    ['a line separator', 'Demo\u2028Team'],
  ])('refuses a name holding %s with 400 naming the field, through both endpoints', async (_what, name) => {
    const spec = await t.call(tokens.team!, {
      method: 'POST',
      url: '/api/admin/update-team-member',
      payload: { tmId: ids.team, name, email: 'team@demo.test', type: 'Team' },
    });
    expect(spec.statusCode).toBe(400);
    expect(spec.json().message).toMatch(/^name /);
    const resource = await t.call(tokens.team!, {
      method: 'PUT',
      url: `/api/team-members/${ids.team}`,
      payload: { id: ids.team, name, email: 'team@demo.test', type: 'Team' },
    });
    expect(resource.statusCode).toBe(400);
    expect(resource.json().message).toMatch(/^name /);
    const added = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/admin/add-team-member',
      payload: { name, email: 'new-member@demo.test', password: 'secret-99', type: 'Team' },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toMatch(/^name /);
    const stored = await t.db('team_members').where({ id: ids.team }).first('name');
    expect(stored.name).toBe('Demo Team');
  });

  it('refuses a saved query label holding a line break, and takes an ordinary one', async () => {
    const save = (label: string) =>
      t.call(tokens.team!, {
        method: 'PUT',
        url: '/api/preferences/orders.savedQueries',
        payload: { value: [{ label, value: { filter: {} } }] },
      });
    const refused = await save('Mine\r=cmd');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^value /);
    expect((await save('My Thai orders')).statusCode).toBe(200);
  });

  it('still takes names in any script, with spaces and punctuation', async () => {
    for (const name of ['Somchai Jaidee', 'สมชาย ใจดี', "O'Brien-Smith, Jr.", '山田 太郎', 'Demo Team']) {
      const res = await t.call(tokens.team!, {
        method: 'POST',
        url: '/api/admin/update-team-member',
        payload: { tmId: ids.team, name, email: 'team@demo.test', type: 'Team' },
      });
      expect(res.statusCode, name).toBe(200);
    }
  });
});

describe('csvSafe after a line break', () => {
  it('neutralises a formula after a carriage return or a line feed inside the cell', () => {
    expect(csvSafe(HOSTILE_NAME)).toBe("Demo Team\r'=cmd|' /C calc'!A0");
    expect(csvSafe('a\n+1')).toBe("a\n'+1");
    expect(csvSafe('a\r\n-1')).toBe("a\r\n'-1");
    expect(csvSafe('a\r\r@x')).toBe("a\r'\r'@x");
    expect(csvSafe('=a\n=b')).toBe("'=a\n'=b");
  });

  it('leaves line breaks before ordinary text alone', () => {
    expect(csvSafe('first line\nsecond = line')).toBe('first line\nsecond = line');
  });
});
