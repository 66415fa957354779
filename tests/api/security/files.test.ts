import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { FILE_LINK_SECONDS, signedDocumentUrl } from '../../../api/src/modules/files/links.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { postUpload } from '../../helpers/upload.js';
import { minimalPdf } from '../../../seeds/generator.js';

/**
 * Documents as an attack surface, beyond tests/api/files/links.test.ts (traversal, altered and expired
 * links): files that are two things at once, and the safe headers on every answer of the file route.
 */

const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];

/** A PDF header and trailer around an HTML page with a script: a browser sniffing it would run it. */
const polyglotPdf = Buffer.from(
  '%PDF-1.4\n<html><head><title>x</title></head><body><script>fetch("/api/user_info")</script>' +
    '<iframe src="javascript:alert(1)"></iframe></body></html>\n%%EOF\n',
);

const scriptTextPdf = minimalPdf(['<html><script>fetch("/api/user_info")</script></html>']);

/** The headers that keep a stored file from ever being read as a page. */
function expectSafeDocument(res: LightMyRequestResponse, mime: string, orderId: number) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(mime);
  expect(ACCEPTED_TYPES).toContain(res.headers['content-type']);
  expect(res.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="Thailand-Arrival-Card-${orderId}\\.(pdf|jpg|png|webp)"$`),
  );
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
}

describe.each(dialects())('documents as an attack surface on %s', (dialect) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login('team@demo.test');
  });
  afterAll(() => t?.close());

  const freshOrder = async () =>
    (await t
      .db('orders')
      .where({ process_status: 'New' })
      .whereNotIn('order_id', t.db('uploaded_documents').select('order_id'))
      .orderBy('order_id', 'desc')
      .first('order_id', 'email')) as { order_id: number; email: string };

  it('stores a PDF with a script inside, and serves it only as a PDF attachment, never as a page', async () => {
    const order = await freshOrder();
    // An HTML page behind a PDF header is no readable PDF; a real PDF with the page as its text is stored.
    const polyglot = await postUpload(t, token, {
      orderId: order.order_id,
      email: order.email,
      file: { bytes: polyglotPdf, name: 'card.html', type: 'text/html' },
    });
    expect(polyglot.statusCode).toBe(400);
    expect(polyglot.json().message).toMatch(/not a readable PDF/);
    const upload = await postUpload(t, token, {
      orderId: order.order_id,
      email: order.email,
      file: { bytes: scriptTextPdf, name: 'card.html', type: 'text/html' },
    });
    expect(upload.json()).toMatchObject({ status: 1 });
    const { file1 } = upload.json().data as { file1: string };
    expect(file1).toMatch(/^[a-f0-9]{24}\.pdf$/);
    const stored = await t.db('uploaded_documents').where({ order_id: order.order_id, file1 }).first();
    expect(stored).toMatchObject({ mime_type: 'application/pdf', original_name: 'card.html' });

    const path = `/uploads/docs/${order.order_id}_${file1}`;
    for (const res of [
      await t.app.inject({ method: 'GET', url: path, headers: { authorization: token } }),
      await t.app.inject({ method: 'GET', url: signedDocumentUrl(t.config.jwtSecret, order.order_id, file1) }),
      // The client asking for HTML changes nothing.
      await t.app.inject({ method: 'GET', url: path, headers: { authorization: token, accept: 'text/html' } }),
    ]) {
      expectSafeDocument(res, 'application/pdf', order.order_id);
      expect(res.rawPayload.equals(scriptTextPdf)).toBe(true);
    }
  });

  it.each([
    ['an HTML page named .pdf', Buffer.from('<!doctype html><script>alert(1)</script>%PDF-1.4 %%EOF'), 'card.pdf'],
    ['an SVG image with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'a.png'],
    ['a GIF with a script after its header', Buffer.from('GIF89a/*<script>alert(1)</script>*/'), 'a.jpg'],
    ['an HTML page behind a UTF-8 BOM', Buffer.from('\ufeff<html><script>alert(1)</script></html>'), 'a.pdf'],
  ])('refuses %s', async (_, bytes, name) => {
    const order = await freshOrder();
    const res = await postUpload(t, token, { orderId: order.order_id, email: order.email, file: { bytes, name } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message: 'Only PDF, JPEG, PNG or WebP files can be uploaded.' });
    expect(await t.db('uploaded_documents').where({ order_id: order.order_id }).first()).toBeUndefined();
  });

  it('sends the safe headers with every stored document, by staff token, by signed link and for HEAD', async () => {
    const documents = await t.db('uploaded_documents').select('order_id', 'file1', 'mime_type');
    expect(documents.length).toBeGreaterThan(10);
    for (const doc of documents) {
      const path = `/uploads/docs/${doc.order_id}_${doc.file1}`;
      expectSafeDocument(
        await t.app.inject({ method: 'GET', url: path, headers: { authorization: token } }),
        doc.mime_type,
        doc.order_id,
      );
      expectSafeDocument(
        await t.app.inject({ method: 'GET', url: signedDocumentUrl(t.config.jwtSecret, doc.order_id, doc.file1) }),
        doc.mime_type,
        doc.order_id,
      );
      const head = await t.app.inject({ method: 'HEAD', url: path, headers: { authorization: token } });
      expectSafeDocument(head, doc.mime_type, doc.order_id);
      expect(head.rawPayload.length).toBe(0);
    }
  });

  it('answers refusals of the file route as JSON with nosniff, never with document bytes', async () => {
    const doc = await t.db('uploaded_documents').first('order_id', 'file1');
    for (const url of [
      `/uploads/docs/${doc.order_id}_${doc.file1}`,
      `/uploads/docs/0${doc.order_id}_${doc.file1}`,
      `/uploads/docs/${doc.order_id}_${doc.file1.toUpperCase()}`,
      `/uploads/docs/${doc.order_id}_${doc.file1}.html`,
      `/uploads/docs/${doc.order_id}_x.html`,
      `/uploads/visaDocs/${doc.file1}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).not.toContain('%PDF');
    }
  });

  it('hands visitors links that expire within five minutes and name this document only', async () => {
    const doc = await t.db('uploaded_documents').orderBy('id').first('order_id', 'file1');
    const order = await t.db('orders').where({ order_id: doc.order_id }).first('email');
    const tracked = await t.app.inject({
      method: 'POST',
      url: '/api/front/track-order',
      payload: { orderId: String(doc.order_id), email: order.email },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/download-passport-doc-pdf',
      payload: { orderId: String(doc.order_id), file1: doc.file1, token: tracked.json().data.token },
    });
    const link = new URL(res.json().data.url, 'http://x');
    const expires = Number(link.searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(FILE_LINK_SECONDS + 1);
    expect(link.pathname).toBe(`/uploads/docs/${doc.order_id}_${doc.file1}`);
    // The same signature on a neighbouring order's path opens nothing.
    const neighbour = `/uploads/docs/${doc.order_id + 1}_${doc.file1}${link.search}`;
    expect((await t.app.inject({ method: 'GET', url: neighbour })).statusCode).toBe(403);
  });
});
