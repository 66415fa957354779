import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeId } from '@app/domain';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { postUpload } from '../../helpers/upload.js';
import { minimalPdf } from '../../../seeds/generator.js';
import { renderMail } from '../../../api/src/modules/mail/templates.js';
import { queueTemplateMail, renderTemplate } from '../../../api/src/modules/mail/service.js';

const URL = '/api/mail-templates';

describe.each(dialects())('mail templates on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let ids: Record<string, number>;
  const admin = (options: Parameters<TestApp['call']>[1]) => t.call(tokens.admin!, options);
  const templateOf = async (key: string, language: string, brand = 'main') =>
    (await t.db('mail_templates').where({ template_key: key, language, brand }).first('id', 'version')) as {
      id: number;
      version: number;
    };
  /** A New order without a document, made to read as the test needs. */
  const newOrder = async (patch: Record<string, unknown>) => {
    const order = await t
      .db('orders')
      .where({ process_status: 'New' })
      .whereNotIn('order_id', t.db('uploaded_documents').select('order_id'))
      .whereNotIn('order_id', t.db('mail_outbox').whereNotNull('order_id').select('order_id'))
      .orderBy('order_id')
      .first('order_id', 'email');
    if (Object.keys(patch).length) await t.db('orders').where({ order_id: order.order_id }).update(patch);
    return order as { order_id: number; email: string };
  };
  const renderRow = (row: Parameters<typeof renderMail>[1]) =>
    renderMail({ db: t.db, config: t.config, storage: t.app.storage }, row);

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { publicAdminUrl: 'https://admin.example.test' } });
    ({ tokens, ids } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  it('serves the seeded templates, their CRUD and their extra routes to Admins only', async () => {
    const list = await admin({ method: 'GET', url: `${URL}?filter=${encodeURIComponent('{"key":"approval"}')}` });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('mail-templates 0-8/9');
    expect(
      list
        .json()
        .map((r: { language: string }) => r.language)
        .sort(),
    ).toEqual(['de', 'en', 'es', 'fr', 'ja', 'ko', 'ru', 'th', 'zh'].sort());
    const english = await templateOf('approval', 'en');
    const one = await admin({ method: 'GET', url: `${URL}/${english.id}` });
    expect(one.json()).toMatchObject({
      key: 'approval',
      language: 'en',
      brand: 'main',
      subject: 'Your {{ country_name }} Digital Arrival Card - Order {{ order_id }}',
      version: 1,
    });

    // A brand's own template of a mail, then its removal.
    const partner = { key: 'refund', language: 'th', brand: 'partner', subject: 'Refund {{ order_id }}', body: 'Hi' };
    const created = await admin({ method: 'POST', url: URL, payload: partner });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ ...partner, version: 1 });
    expect((await admin({ method: 'POST', url: URL, payload: partner })).statusCode).toBe(409);
    const orphan = await admin({ method: 'POST', url: URL, payload: { ...partner, key: 'photo_unreadable' } });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().message).toContain('Add the en template of "photo_unreadable" for brand main first');
    const renamed = await admin({
      method: 'PUT',
      url: `${URL}/${created.json().id}`,
      payload: { ...(created.json() as object), language: 'fr' },
    });
    expect(renamed.statusCode).toBe(400);
    expect((await admin({ method: 'DELETE', url: `${URL}/${created.json().id}` })).statusCode).toBe(200);
    expect((await admin({ method: 'DELETE', url: `${URL}/${english.id}` })).statusCode).toBe(409);
    const badKey = await admin({ method: 'POST', url: URL, payload: { ...partner, key: 'Bad Key!' } });
    expect(badKey.statusCode).toBe(400);

    const order = await newOrder({});
    for (const role of ['manager', 'team', 'telecaller', 'night']) {
      const as = (options: Parameters<TestApp['call']>[1]) => t.call(tokens[role]!, options);
      expect((await as({ method: 'GET', url: URL })).statusCode, role).toBe(403);
      expect((await as({ method: 'GET', url: `${URL}/${english.id}` })).statusCode, role).toBe(403);
      expect((await as({ method: 'POST', url: URL, payload: partner })).statusCode, role).toBe(403);
      expect((await as({ method: 'PUT', url: `${URL}/${english.id}`, payload: partner })).statusCode, role).toBe(403);
      expect((await as({ method: 'DELETE', url: `${URL}/${english.id}` })).statusCode, role).toBe(403);
      const preview = {
        method: 'POST',
        url: `${URL}/${english.id}/preview`,
        payload: { orderId: order.order_id },
      } as const;
      expect((await as(preview)).statusCode, role).toBe(403);
      expect((await as({ ...preview, url: `${URL}/${english.id}/test` })).statusCode, role).toBe(403);
      expect((await as({ method: 'GET', url: `${URL}/${english.id}/versions` })).statusCode, role).toBe(403);
      const restore = { method: 'POST', url: `${URL}/${english.id}/versions/1/restore` } as const;
      expect((await as(restore)).statusCode, role).toBe(403);
    }
    expect((await t.call(null, { method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('refuses an unknown variable, filter or tag and broken syntax, naming it', async () => {
    const { id } = await templateOf('chase', 'en');
    const save = (subject: string, body: string) =>
      admin({ method: 'PUT', url: `${URL}/${id}`, payload: { subject, body } });
    const refusals: Array<[string, string, string]> = [
      ['Hello {{ password_hash }}', 'Body', 'The subject cannot be used: unknown variable "password_hash"'],
      // In a branch the sample order does not take, too.
      ['Hi', '{% unless order_id %}{{ passport_number }}{% endunless %}', 'unknown variable "passport_number"'],
      ['Hi', '{{ order_id | shell }}', 'undefined filter: shell'],
      ['Hi', '{% if order_id %}never closed', 'The body cannot be used: tag {% if order_id %} not closed'],
      ['Hi', '{{ order_id ', 'not closed'],
      ['Hi', "{% include 'package.json' %}", 'The body cannot be used'],
      ['Hi', '{% for i in (1..100000000) %}{{ i }}{% endfor %}', 'The body cannot be used'],
    ];
    for (const [subject, body, message] of refusals) {
      const res = await save(subject, body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().message, body).toContain(message);
    }
    const unchanged = await admin({ method: 'GET', url: `${URL}/${id}` });
    expect(unchanged.json().version).toBe(1);
  });

  it('previews on a real order with values escaped, sends a test to the Admin, keeps versions and restores', async () => {
    const order = await newOrder({
      full_name: '<script>alert(1)</script> {{ order_id }} & Co',
      nationality: 'UNITED KINGDOM',
      landing_domain: 'partner-travel.example',
    });
    const { id } = await templateOf('approval', 'en');
    const preview = await admin({ method: 'POST', url: `${URL}/${id}/preview`, payload: { orderId: order.order_id } });
    expect(preview.statusCode).toBe(200);
    const shown = preview.json();
    expect(shown.subject).toBe(`Your Thailand Digital Arrival Card - Order ${order.order_id}`);
    expect(shown.html).toContain('Dear &lt;script&gt;alert(1)&lt;/script&gt; {{ order_id }} &amp; Co,');
    expect(shown.html).not.toContain('<script>');
    expect(shown.html).toContain(`<a href="https://admin.example.test/track-order/${encodeId(order.order_id)}">`);
    // The brand of the order's landing domain, with the default brand's template.
    expect(shown.html).toContain('Partner Travel');
    expect(shown.text).toContain('Dear <script>alert(1)</script> {{ order_id }} & Co,');
    const draft = await admin({
      method: 'POST',
      url: `${URL}/${id}/preview`,
      payload: { orderId: order.order_id, subject: 'Draft {{ brand_name }}' },
    });
    expect(draft.json().subject).toBe('Draft Partner Travel');
    const unknownOrder = { orderId: 999_999_999 };
    expect((await admin({ method: 'POST', url: `${URL}/${id}/preview`, payload: unknownOrder })).statusCode).toBe(404);
    expect(
      (await admin({ method: 'POST', url: `${URL}/999999/preview`, payload: { orderId: order.order_id } })).statusCode,
    ).toBe(404);

    const test = await admin({ method: 'POST', url: `${URL}/${id}/test`, payload: { orderId: order.order_id } });
    expect(test.json()).toEqual({ to: 'admin@demo.test' });
    const queued = await t.db('mail_outbox').where({ to_email: 'admin@demo.test' }).orderBy('id', 'desc').first();
    expect(queued).toMatchObject({ kind: 'approval', order_id: null, state: 'queued', created_by_id: ids.admin });
    expect(queued.subject).toBe(`[Test] Your Thailand Digital Arrival Card - Order ${order.order_id}`);
    const sent = await renderRow(queued);
    expect(sent.attachments).toEqual([]);
    expect(sent.text).toBe(shown.text);

    const saved = await admin({
      method: 'PUT',
      url: `${URL}/${id}`,
      payload: {
        subject: 'Ready: order {{ order_id }}',
        body: 'Hello {{ first_name }}.\n\n{{ track_url }}',
        version: 1,
      },
    });
    expect(saved.json()).toMatchObject({ version: 2, subject: 'Ready: order {{ order_id }}' });
    const stale = await admin({ method: 'PUT', url: `${URL}/${id}`, payload: { subject: 'x', body: 'y', version: 1 } });
    expect(stale.statusCode).toBe(409);
    const versions = await admin({ method: 'GET', url: `${URL}/${id}/versions` });
    expect(versions.json().map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions.json()[0]).toMatchObject({ subject: 'Ready: order {{ order_id }}', created_by: 'Demo Admin' });
    const restored = await admin({ method: 'POST', url: `${URL}/${id}/versions/1/restore` });
    expect(restored.json()).toMatchObject({ version: 3, subject: versions.json()[1].subject });
    expect(restored.json().body).toBe(versions.json()[1].body);
    expect((await admin({ method: 'POST', url: `${URL}/${id}/versions/9/restore` })).statusCode).toBe(404);
    const audited = await t.db('audit_events').where({ action: 'config-mail-template' }).orderBy('id').pluck('detail');
    expect(audited.slice(-2).map((detail: string) => JSON.parse(detail))).toEqual([
      { id, key: 'approval', language: 'en', brand: 'main', version: 2 },
      { id, key: 'approval', language: 'en', brand: 'main', version: 3 },
    ]);
  });

  it("sends the edited template, shows it in View Email Content, and picks the order's language", async () => {
    const { id, version } = await templateOf('approval', 'en');
    const edited = await admin({
      method: 'PUT',
      url: `${URL}/${id}`,
      payload: {
        subject: 'Card ready for {{ order_id }}',
        body: 'Hello {{ full_name }},\n\nYour card is attached{% if paid_on %}, paid on {{ paid_on }}{% endif %}.',
        version,
      },
    });
    expect(edited.statusCode).toBe(200);
    const english = await newOrder({ nationality: 'UNITED KINGDOM', landing_domain: 'thailandarrivalcard.example' });
    const upload = await postUpload(t, tokens.team!, {
      orderId: english.order_id,
      email: english.email,
      mailServiceProvider: 'AWS',
      file: { bytes: minimalPdf(['Card']), name: 'card.pdf' },
    });
    expect(upload.json()).toMatchObject({ status: 1 });
    const row = await t.db('mail_outbox').where({ order_id: english.order_id, kind: 'approval' }).first();
    expect(row.subject).toBe(`Card ready for ${english.order_id}`);
    const sent = await renderRow(row);
    expect(sent.text).toMatch(/^Hello .+,\n\nYour card is attached/);
    expect(sent.attachments).toHaveLength(1);
    const content = await t.call(tokens.manager!, {
      method: 'GET',
      url: `/api/admin/email-content/${english.order_id}`,
    });
    expect(content.json().data).toMatchObject({ subject: row.subject, text: sent.text, html: sent.html });
    // Team may not read the time of payment: its view of the mail leaves out what the template says of it.
    const asTeam = await t.call(tokens.team!, { method: 'GET', url: `/api/admin/email-content/${english.order_id}` });
    expect(sent.text).toContain('paid on');
    expect(asTeam.json().data.text).not.toContain('paid on');

    const thai = await newOrder({ nationality: 'THAILAND', landing_domain: 'partner-travel.example' });
    const rendered = await renderTemplate({ db: t.db, config: t.config }, 'approval', thai.order_id);
    expect(rendered.subject).toBe(`บัตรขาเข้าดิจิทัล Thailand ของคุณ - คำสั่งซื้อ ${thai.order_id}`);
    expect(rendered.text).toContain('help@partner-travel.example');
    // A rule's or a macro's mail, by key, with its message.
    await t.db.transaction((trx) =>
      queueTemplateMail(trx, t.config, {
        key: 'chase',
        orderId: thai.order_id,
        extraVars: { message: 'Send a <clearer> photo' },
      }),
    );
    const chase = await t.db('mail_outbox').where({ order_id: thai.order_id, kind: 'chase' }).first();
    expect(chase).toMatchObject({ to_email: thai.email, subject: `เราต้องการคำตอบจากคุณ - คำสั่งซื้อ ${thai.order_id}` });
    const chaseMail = await renderRow(chase);
    expect(chaseMail.text).toContain('Send a <clearer> photo');
    expect(chaseMail.html).toContain('Send a &lt;clearer&gt; photo');
    await expect(
      t.db.transaction((trx) => queueTemplateMail(trx, t.config, { key: 'nothing_here', orderId: thai.order_id })),
    ).rejects.toThrow('There is no mail template "nothing_here".');
  });
});
