import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { renderMail } from '../../../api/src/modules/mail/templates.js';

/** View Email Content shows the approval mail that was (or will be) sent, not a text of its own. */
describe.each(dialects())('email content on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  it('answers the text and subject of the approval mail the outbox sends', async () => {
    const row = await t.db('mail_outbox').where({ kind: 'approval' }).orderBy('id').first();
    const sent = await renderMail({ db: t.db, config: t.config, storage: t.app.storage }, row);
    const res = await t.call(tokens.team!, { method: 'GET', url: `/api/admin/email-content/${row.order_id}` });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.subject).toBe(sent.subject);
    expect(data.text).toBe(sent.text);
    expect(data.to).toBe(row.to_email);
  });

  it('refuses an unknown order and a malformed id', async () => {
    const get = (id: string) => t.call(tokens.team!, { method: 'GET', url: `/api/admin/email-content/${id}` });
    expect((await get('999999999')).statusCode).toBe(404);
    expect((await get('not-an-id')).statusCode).toBe(400);
  });
});
