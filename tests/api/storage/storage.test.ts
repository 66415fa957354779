import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../../../seeds/generator.js';
import { notePendingUpload } from '../../../api/src/modules/documents/repo.js';
import { readDocumentBytes } from '../../../api/src/modules/files/repo.js';
import { PENDING_UPLOAD_GRACE_MS, sweepUnfinishedUploads } from '../../../api/src/modules/documents/service.js';
import { signedDocumentUrl } from '../../../api/src/modules/files/links.js';
import { createStorage, createStoredFiles, reencryptDocuments } from '../../../api/src/storage/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { startTestS3, type TestS3 } from '../../helpers/s3.js';
import { postUpload } from '../../helpers/upload.js';

const collect = async <T>(items: AsyncIterable<T>) => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};

/**
 * Documents behind the storage interface, on local disk and in an S3 bucket (a real S3-protocol
 * server on loopback): upload, staff and visitor downloads, the bytes mails and packs read, the
 * listing backups walk, and the sweep of uploads that never finished. Storage does not depend on
 * the database, so these run on SQLite. Every file is encrypted at rest (DATA_KEY); plain ones written
 * before still open.
 */
describe.each(['disk', 's3'] as const)('documents stored on %s', (kind) => {
  let s3: TestS3 | undefined;
  let t: TestApp;
  let token: string;
  let doc: { order_id: number; file1: string; storage_key: string };
  /** The same place without encryption: what is really stored. */
  const rawStorage = () => createStoredFiles(t.config);
  const bytes = minimalPdf(['Arrival card', `stored on ${kind}`]);

  beforeAll(async () => {
    if (kind === 's3') s3 = await startTestS3();
    t = await createTestApp('sqlite', { config: { storageUrl: s3?.storageUrl ?? '' } });
    token = await t.login('admin@demo.test');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores an upload where STORAGE_URL says', async () => {
    const order = await t.db('orders').where({ process_status: 'New' }).first('order_id', 'email');
    const res = await postUpload(t, token, {
      orderId: order.order_id,
      email: order.email,
      file: { bytes, name: 'card.pdf' },
    });
    expect(res.statusCode, res.body).toBe(200);
    doc = await t.db('uploaded_documents').where({ order_id: order.order_id }).orderBy('id', 'desc').first();
    const onDisk = path.join(t.dataDir, 'uploads', doc.storage_key);
    expect(fs.existsSync(onDisk)).toBe(kind === 'disk');
    // Read back through a storage of its own: the bytes really are in the bucket (or folder)...
    const elsewhere = createStorage(t.config);
    expect(await readDocumentBytes(elsewhere, doc.storage_key)).toEqual(bytes);
    // ...encrypted: the raw file is the header, IV, ciphertext and tag, not the PDF.
    const raw = await readDocumentBytes(rawStorage(), doc.storage_key);
    expect(raw.subarray(0, 8).toString()).toBe('TDACENC1');
    expect(raw.length).toBe(bytes.length + 8 + 8 + 12 + 16);
    expect(raw.includes(Buffer.from(`stored on ${kind}`))).toBe(false);
  });

  it('serves files written before encryption as they are, and refuses a changed or moved one', async () => {
    const plainKey = t.app.storage.newKey('docs', 'pdf');
    await rawStorage().write(plainKey, bytes);
    expect(await readDocumentBytes(t.app.storage, plainKey)).toEqual(bytes);
    // A file moved under another key fails its tag (the key is authenticated), as does a flipped byte.
    const raw = await readDocumentBytes(rawStorage(), doc.storage_key);
    const movedKey = t.app.storage.newKey('docs', 'pdf');
    await rawStorage().write(movedKey, raw);
    await expect(t.app.storage.open(movedKey)).rejects.toThrow();
    const flipped = Buffer.from(raw);
    flipped.writeUInt8(flipped.readUInt8(40) ^ 1, 40);
    await rawStorage().write(doc.storage_key, flipped);
    await expect(t.app.storage.open(doc.storage_key)).rejects.toThrow();
    await rawStorage().write(doc.storage_key, raw);
    await t.app.storage.remove(movedKey);
    // A file of a key now in DATA_KEY_PREVIOUS still opens after a rotation; a stranger's key does not.
    const rotated = createStorage({
      ...t.config,
      dataKey: crypto.randomBytes(32),
      dataKeysPrevious: [t.config.dataKey],
    });
    expect(await readDocumentBytes(rotated, doc.storage_key)).toEqual(bytes);
    const stranger = createStorage({ ...t.config, dataKey: crypto.randomBytes(32) });
    await expect(stranger.open(doc.storage_key)).rejects.toThrow(/DATA_KEY/);
  });

  it('serves the document to staff and to a visitor with a signed link', async () => {
    const staff = await t.call(token, { method: 'GET', url: `/uploads/docs/${doc.order_id}_${doc.file1}` });
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.equals(bytes)).toBe(true);
    expect(staff.headers['content-length']).toBe(String(bytes.length));
    const visitor = await t.app.inject({
      method: 'GET',
      url: signedDocumentUrl(t.config.jwtSecret, doc.order_id, doc.file1),
    });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 404 for a document whose bytes are gone, and removing twice is no error', async () => {
    const key = await t.app.storage.put('docs', bytes, 'pdf');
    await t.app.storage.remove(key);
    await t.app.storage.remove(key);
    expect(await t.app.storage.open(key)).toBeNull();
    expect(await t.app.storage.open('../etc/passwd')).toBeNull();
  });

  it('renders a defence pack and lists every stored key for backups', async () => {
    await t.db('orders').where({ order_id: doc.order_id }).update({ process_status: 'ChargeBack' });
    const pack = await t.call(token, {
      method: 'POST',
      url: '/api/admin/get-defence-pack-pdf',
      payload: { orderId: doc.order_id, defencePackType: 1 },
    });
    expect(pack.statusCode, pack.body).toBe(200);
    expect(pack.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const keys = await collect(t.app.storage.list());
    expect(keys).toContain(doc.storage_key);
    // On disk the demo documents are there too; every listed key opens.
    for (const key of keys.slice(0, 5)) expect(await t.app.storage.open(key)).not.toBeNull();
  });

  it('sweeps the bytes of uploads that never finished, and only those', async () => {
    const orphan = t.app.storage.newKey('docs', 'pdf');
    await notePendingUpload(t.db, orphan);
    await t.app.storage.write(orphan, bytes);
    expect(await sweepUnfinishedUploads(t.db, t.app.storage)).toBe(0);
    const swept = await sweepUnfinishedUploads(t.db, t.app.storage, {
      now: Date.now() + PENDING_UPLOAD_GRACE_MS + 60_000,
    });
    expect(swept).toBe(1);
    expect(await t.app.storage.open(orphan)).toBeNull();
    expect(await collect(t.app.storage.list())).not.toContain(orphan);
    expect(await t.app.storage.open(doc.storage_key)).not.toBeNull();
  });

  it('rotates DATA_KEY: re-encrypts every file under the new key, plain ones included', async () => {
    const plainKey = t.app.storage.newKey('docs', 'pdf');
    await rawStorage().write(plainKey, bytes);
    const newKey = crypto.randomBytes(32);
    const rewritten = await reencryptDocuments(rawStorage(), newKey, [t.config.dataKey]);
    expect(rewritten).toBeGreaterThanOrEqual(2);
    // A second pass finds nothing to do, and the new key alone opens every file.
    expect(await reencryptDocuments(rawStorage(), newKey, [])).toBe(0);
    const rotated = createStorage({ ...t.config, dataKey: newKey, dataKeysPrevious: [] });
    expect(await readDocumentBytes(rotated, doc.storage_key)).toEqual(bytes);
    expect(await readDocumentBytes(rotated, plainKey)).toEqual(bytes);
    expect((await readDocumentBytes(rawStorage(), plainKey)).subarray(0, 8).toString()).toBe('TDACENC1');
  });
});
