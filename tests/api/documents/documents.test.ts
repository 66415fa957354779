import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { postUpload, type UploadForm } from '../../helpers/upload.js';
import { minimalPdf } from '../../../seeds/generator.js';
import { readCounters, recountOrderCounters } from '../../../api/src/modules/orders/counters.js';
import { readDocumentBytes } from '../../../api/src/modules/files/repo.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a Windows executable (MZ header and DOS stub). */
const EXE = Buffer.concat([
  Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000', 'hex'),
  Buffer.alloc(200, 0),
  Buffer.from('This program cannot be run in DOS mode.'),
]);

describe.each(dialects())('document upload on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  const docsDir = () => path.join(t.dataDir, 'uploads', 'docs');
  const snapshot = async () => ({
    files: fs.readdirSync(docsDir()).sort(),
    documents: Number((await t.db('uploaded_documents').count({ n: '*' }))[0]!.n),
    mails: Number((await t.db('mail_outbox').count({ n: '*' }))[0]!.n),
    audits: Number((await t.db('audit_events').count({ n: '*' }))[0]!.n),
  });
  const orderIn = (status: string) =>
    t.db('orders').where({ process_status: status }).orderBy('order_id', 'desc').first();

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { uploadMaxMb: 1 } });
    token = await t.login('team@demo.test');
  });
  afterAll(() => t?.close());

  it('stores a PDF under a random name, completes the order and queues the approval mail in one go', async () => {
    const order = await orderIn('New');
    const bytes = minimalPdf(['Arrival card', `Order ${order.order_id}`]);
    const res = await postUpload(t, token, {
      orderId: order.order_id,
      email: 'customer@mail.example',
      mailServiceProvider: 'Sendgrid',
      file: { bytes, name: 'My Card (final).pdf' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body.data.file1).toMatch(/^[a-f0-9]{24}\.pdf$/);
    expect(body.data.link).toBe(`/uploads/docs/${order.order_id}_${body.data.file1}`);

    const document = await t.db('uploaded_documents').where({ file1: body.data.file1 }).first();
    expect(document).toMatchObject({
      order_id: order.order_id,
      storage_key: `docs/${body.data.file1}`,
      original_name: 'My Card (final).pdf',
      mime_type: 'application/pdf',
      size_bytes: bytes.length,
      customer_name: order.full_name,
      mail_service_provider: 'Sendgrid',
      uploaded_by: 'Demo Team',
    });
    // Encrypted at rest (storage/encrypted.ts), the same bytes through storage.
    expect(fs.readFileSync(path.join(docsDir(), body.data.file1)).subarray(0, 8).toString()).toBe('TDACENC1');
    expect(await readDocumentBytes(t.app.storage, `docs/${body.data.file1}`)).toEqual(bytes);

    const updated = await t.db('orders').where({ order_id: order.order_id }).first();
    expect(updated).toMatchObject({ process_status: 'Completed', processed_by: 'Demo Team' });
    expect(updated.processed_by_id).toBe(document.uploaded_by_id);
    expect(updated.processed_at).toBe(document.created_at);

    const mail = await t.db('mail_outbox').where({ order_id: order.order_id }).orderBy('id', 'desc').first();
    expect(mail).toMatchObject({
      kind: 'approval',
      provider: 'Sendgrid',
      to_email: 'customer@mail.example',
      document_id: document.id,
      state: 'queued',
    });
    expect(JSON.parse(mail.payload)).toEqual({ orderId: order.order_id, documentId: document.id });
    const audits = await t.db('audit_events').where({ order_id: order.order_id }).orderBy('id');
    expect(audits.map((a) => [a.action, a.from_value, a.to_value])).toEqual([
      ['upload', 'New', 'Completed'],
      ['mail', null, 'Sendgrid'],
    ]);

    // The counters moved with the order: they equal a recount from scratch.
    const live = await readCounters(t.db);
    await recountOrderCounters(t.db);
    expect(await readCounters(t.db)).toEqual(expect.arrayContaining(live));
    expect((await readCounters(t.db)).length).toBe(live.length);
  });

  it('accepts JPEG, PNG and WebP images by their bytes, whatever their name says', async () => {
    const jpeg = Buffer.concat([
      Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
      Buffer.alloc(64, 1),
      Buffer.from('ffd9', 'hex'),
    ]);
    const webpBody = Buffer.concat([Buffer.from('WEBPVP8 '), Buffer.alloc(24, 0)]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([webpBody.length, 0, 0, 0]), webpBody]);
    for (const [bytes, name, mime, extension] of [
      [jpeg, 'photo.png', 'image/jpeg', 'jpg'],
      [PNG, 'scan', 'image/png', 'png'],
      [webp, 'card.webp', 'image/webp', 'webp'],
    ] as const) {
      const order = await orderIn('Awaiting');
      const res = await postUpload(t, token, {
        orderId: order.order_id,
        email: 'customer@mail.example',
        file: { bytes, name, type: 'application/octet-stream' },
      });
      expect(res.json(), name).toMatchObject({ status: 1 });
      const document = await t.db('uploaded_documents').where({ file1: res.json().data.file1 }).first();
      expect(document).toMatchObject({ mime_type: mime, mail_service_provider: 'AWS' });
      expect(document.file1.endsWith(`.${extension}`)).toBe(true);
    }
  });

  const pdf = minimalPdf(['A real document']);
  const refusals: Array<[string, () => Promise<UploadForm>, number, string]> = [
    [
      'a renamed executable',
      async () => ({ file: { bytes: EXE, name: 'card.pdf' } }),
      400,
      'Only PDF, JPEG, PNG or WebP files can be uploaded.',
    ],
    [
      'a text file',
      async () => ({ file: { bytes: Buffer.from('Just some text, no document.'), name: 'card.pdf' } }),
      400,
      'Only PDF, JPEG, PNG or WebP files can be uploaded.',
    ],
    [
      'a truncated PDF',
      async () => ({ file: { bytes: pdf.subarray(0, Math.floor(pdf.length * 0.6)), name: 'card.pdf' } }),
      400,
      'The file is damaged or incomplete. Please upload it again.',
    ],
    [
      'a truncated PNG',
      async () => ({ file: { bytes: PNG.subarray(0, PNG.length - 16), name: 'card.png' } }),
      400,
      'The file is damaged or incomplete. Please upload it again.',
    ],
    ['an empty file', async () => ({ file: { bytes: Buffer.alloc(0), name: 'card.pdf' } }), 400, 'The file is empty.'],
    [
      'an oversized file',
      async () => ({
        file: {
          bytes: Buffer.concat([pdf, Buffer.alloc(1024 * 1024 + 10, 32), Buffer.from('%%EOF\n')]),
          name: 'big.pdf',
        },
      }),
      413,
      'The file is too large: 1 MB at most.',
    ],
    ['a wrong order id', async () => ({ orderId: 999_999_999 }), 404, 'Order not found.'],
    ['a non-numeric order id', async () => ({ orderId: '250001 OR 1=1' }), 400, 'Please enter a valid order id.'],
    ['a missing order id', async () => ({ orderId: undefined }), 400, 'Order ID is required.'],
    ['a missing email', async () => ({ email: undefined }), 400, 'Please enter your email'],
    ['an empty email', async () => ({ email: '' }), 400, 'Please enter your email'],
    ['a missing file', async () => ({ file: undefined }), 400, 'File is required'],
    [
      'an unknown mail provider',
      async () => ({ mailServiceProvider: 'Mailchimp' }),
      400,
      'Please choose a mail provider: AWS or Sendgrid.',
    ],
    [
      'a path in the file name',
      async () => ({ file: { bytes: pdf, name: '../../etc/passwd.pdf' } }),
      400,
      'The file name must be a plain name, without a folder path.',
    ],
    [
      'a Windows path in the file name',
      async () => ({ file: { bytes: pdf, name: 'C:\\Users\\x\\card.pdf' } }),
      400,
      'The file name must be a plain name, without a folder path.',
    ],
    [
      'a deleted order',
      async () => ({ orderId: (await orderIn('Deleted')).order_id }),
      409,
      'This order is deleted. Move it back to a queue before uploading its document.',
    ],
  ];

  it.each(refusals)('refuses %s with a message and writes nothing', async (_, change, code, message) => {
    const order = await orderIn('Contact Customer');
    const form: UploadForm = {
      orderId: order.order_id,
      email: 'customer@mail.example',
      mailServiceProvider: 'AWS',
      file: { bytes: pdf, name: 'card.pdf' },
      ...(await change()),
    };
    const before = await snapshot();
    const res = await postUpload(t, token, form);
    expect(res.statusCode).toBe(code);
    expect(res.json()).toEqual({ status: 0, message });
    expect(await snapshot()).toEqual(before);
    expect((await t.db('orders').where({ order_id: order.order_id }).first()).process_status).toBe('Contact Customer');
  });

  it('refuses a JSON body and a form with two files', async () => {
    const json = await t.call(token, {
      method: 'POST',
      url: '/api/admin/upload-visa-document',
      payload: { orderId: 1, email: 'a@b.example', uploadVisaDoc: { filename: 'x.pdf', bytes: 'JVBERi0=' } },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please send the document as a multipart form (multipart/form-data).');

    const order = await orderIn('Contact Customer');
    const data = new FormData();
    data.append('orderId', String(order.order_id));
    data.append('email', 'a@b.example');
    data.append('uploadVisaDoc', new File([new Uint8Array(pdf)], 'a.pdf'));
    data.append('uploadVisaDoc', new File([new Uint8Array(pdf)], 'b.pdf'));
    const before = await snapshot();
    const two = await t.call(token, { method: 'POST', url: '/api/admin/upload-visa-document', payload: data });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Please upload one file at a time.');
    expect(await snapshot()).toEqual(before);
  });

  it('removes the stored file when the transaction fails', async () => {
    const order = await orderIn('Contact Customer');
    const before = await snapshot();
    // A real failure inside the transaction, after the bytes are stored: the audit table is gone.
    await t.db.schema.renameTable('audit_events', 'audit_events_away');
    try {
      const res = await postUpload(t, token, {
        orderId: order.order_id,
        email: 'customer@mail.example',
        file: { bytes: pdf, name: 'card.pdf' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().status).toBe(0);
    } finally {
      await t.db.schema.renameTable('audit_events_away', 'audit_events');
    }
    expect(await snapshot()).toEqual(before);
    expect(fs.readdirSync(docsDir()).some((f) => f.endsWith('.part'))).toBe(false);
    expect((await t.db('orders').where({ order_id: order.order_id }).first()).process_status).toBe('Contact Customer');
  });

  it('needs a signed-in member', async () => {
    const res = await postUpload(t, '', { orderId: 1, email: 'a@b.example', file: { bytes: pdf, name: 'a.pdf' } });
    expect(res.statusCode).toBe(401);
  });
});
