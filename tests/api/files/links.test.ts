import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowUtc } from '@app/domain';
import { signedDocumentUrl, signLink } from '../../../api/src/modules/files/links.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

const LINK_NOT_VALID = {
  status: 0,
  message: 'This download link has expired or is not valid. Go back to your order page and press Download Now again.',
};
const NOT_FOUND = { status: 0, message: 'Document not found.' };
// The smallest PNG: a 1x1 transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe.each(dialects())('document links on %s', (dialect) => {
  let t: TestApp;
  let doc: { order_id: number; file1: string; storage_key: string; mime_type: string };
  let other: { order_id: number; file1: string };
  let bytes: Buffer;

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  /** Refused with no document bytes in the answer. */
  const expectRefused = (res: Awaited<ReturnType<typeof get>>, code: number, body: object) => {
    expect(res.statusCode).toBe(code);
    expect(res.json()).toEqual(body);
    expect(res.body).not.toContain('%PDF');
  };
  const signature = (url: string) => new URL(url, 'http://x').searchParams.get('signature')!;
  const expires = (url: string) => Number(new URL(url, 'http://x').searchParams.get('expires'));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [doc, other] = await t
      .db('uploaded_documents')
      .select('order_id', 'file1', 'storage_key', 'mime_type')
      .orderBy('id')
      .limit(2);
    bytes = fs.readFileSync(path.join(t.dataDir, 'uploads', doc.storage_key));
  });
  afterAll(() => t?.close());

  it('answers the stored bytes for a signed link, as an attachment with safe headers', async () => {
    const res = await get(signedDocumentUrl(t.config.jwtSecret, doc.order_id, doc.file1));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="Thailand-Arrival-Card-${doc.order_id}.pdf"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });

  it('serves the stored mime type and extension of an image document', async () => {
    const key = await t.app.storage.put('docs', PNG, 'png');
    const file1 = `${key.slice(5, -4)}.png`;
    await t.db('uploaded_documents').insert({
      order_id: doc.order_id,
      file1,
      storage_key: key,
      mime_type: 'image/png',
      size_bytes: PNG.length,
      mail_service_provider: 'AWS',
      created_at: nowUtc(),
    });
    const res = await get(signedDocumentUrl(t.config.jwtSecret, doc.order_id, file1));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Thailand-Arrival-Card-${doc.order_id}.png"`);
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a guessed path, an altered or expired signature, and a link of another file', async () => {
    const url = signedDocumentUrl(t.config.jwtSecret, doc.order_id, doc.file1);
    const path0 = `/uploads/docs/${doc.order_id}_${doc.file1}`;
    const sig = signature(url);
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    const past = Math.floor(Date.now() / 1000) - 1;
    const otherUrl = signedDocumentUrl(t.config.jwtSecret, other.order_id, other.file1);
    for (const attempt of [
      path0,
      `${path0}?expires=${expires(url)}`,
      `${path0}?signature=${sig}`,
      `${path0}?expires=${expires(url)}&signature=${flipped}`,
      `${path0}?expires=${expires(url) + 3600}&signature=${sig}`,
      `${path0}?expires=${past}&signature=${signLink(t.config.jwtSecret, 'file', `${doc.order_id}_${doc.file1}`, past)}`,
      `${path0}?expires=${expires(otherUrl)}&signature=${signature(otherUrl)}`,
      `${path0}?expires=x&signature=${sig}`,
      // A visitor token's signature is no file link.
      `${path0}?expires=${expires(url)}&signature=${signLink(t.config.jwtSecret, 'visitor', `${doc.order_id}_${doc.file1}`, expires(url))}`,
    ]) {
      expectRefused(await get(attempt), 403, LINK_NOT_VALID);
    }
  });

  it('answers 404 for a signed name that is not that order’s document', async () => {
    expectRefused(await get(signedDocumentUrl(t.config.jwtSecret, doc.order_id, other.file1)), 404, NOT_FOUND);
    expectRefused(await get(signedDocumentUrl(t.config.jwtSecret, 987654321, doc.file1)), 404, NOT_FOUND);
  });

  it('refuses paths that try to leave the documents folder', async () => {
    fs.writeFileSync(path.join(t.dataDir, 'uploads', 'secret.pdf'), '%PDF-secret');
    const id = doc.order_id;
    for (const attempt of [
      `/uploads/docs/${id}_..%2Fsecret.pdf`,
      `/uploads/docs/${id}_..%2F..%2Fjwt-secret`,
      `/uploads/docs/${id}_%2E%2E%2Fsecret.pdf`,
      `/uploads/docs/${id}_..pdf`,
      `/uploads/docs/${id}_a%00.pdf`,
      `/uploads/docs/..%2F..%2Fapp.sqlite`,
      `/uploads/docs/${id}/../secret.pdf`,
      `/uploads/docs/${id}_x/..%2F..%2Fsecret.pdf`,
      `/uploads/secret.pdf`,
    ]) {
      // Even a signature made for the very name does not open a path outside the documents.
      const name = attempt.replace('/uploads/docs/', '');
      const exp = Math.floor(Date.now() / 1000) + 60;
      const signed = `${attempt}?expires=${exp}&signature=${signLink(t.config.jwtSecret, 'file', decodeURIComponent(name), exp)}`;
      for (const url of [attempt, signed]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('secret');
        expect(res.body).not.toContain('SQLite');
      }
    }
  });

  it('serves a signed-in member of any role without a signature, and refuses a bad token', async () => {
    const url = `/uploads/docs/${doc.order_id}_${doc.file1}`;
    for (const email of ['admin@demo.test', 'telecaller@demo.test', 'night@demo.test']) {
      const token = await t.login(email);
      const res = await get(url, { authorization: token });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect((await get(url, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    }
    expectRefused(await get(url, { authorization: 'not-a-token' }), 403, LINK_NOT_VALID);
    // A token of a member whose sessions have ended (password changed) opens nothing.
    const token = await t.login('team@demo.test');
    await t.db('team_members').where({ email: 'team@demo.test' }).increment('token_version', 1);
    expectRefused(await get(url, { authorization: token }), 403, LINK_NOT_VALID);
  });
});
