import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { postUpload } from '../../helpers/upload.js';
import { minimalPdf } from '../../../seeds/generator.js';

/**
 * PDFs are parsed, and one without a page or with JavaScript, launch
 * actions or embedded files is refused; an over-size upload is refused by its Content-Length at
 * once, and one without a length stops being read at the limit.
 */

async function pdfWith(change: (doc: PDFDocument) => void | Promise<void>, useObjectStreams = true) {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Arrival card', { x: 20, y: 100 });
  await change(doc);
  return Buffer.from(await doc.save({ useObjectStreams }));
}

const jsAction = (doc: PDFDocument) => doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });

describe('PDF content checks', () => {
  let t: TestApp;
  let token: string;
  let orderId: number;
  const upload = (bytes: Buffer) =>
    postUpload(t, token, { orderId, email: 'customer@mail.example', file: { bytes, name: 'card.pdf' } });

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    token = await t.login('team@demo.test');
    orderId = Number((await t.db('orders').where({ process_status: 'New' }).first('order_id')).order_id);
  });
  afterAll(() => t?.close());

  it.each([
    [
      'a 35-byte script posing as a PDF',
      async () => Buffer.from('%PDF-<script>alert(1)</script>%%EOF'),
      /not a readable PDF/,
    ],
    [
      'a PDF without a page',
      async () => Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false })),
      /has no page/,
    ],
    [
      'an /OpenAction JavaScript action',
      () => pdfWith((doc) => doc.catalog.set(PDFName.of('OpenAction'), jsAction(doc))),
      /JavaScript/,
    ],
    [
      'an /OpenAction JavaScript action, uncompressed objects',
      () => pdfWith((doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(jsAction(doc))), false),
      /JavaScript/,
    ],
    [
      'a document-level JavaScript name tree',
      () =>
        pdfWith((doc) => {
          const names = doc.context.obj({ Names: [PDFString.of('x'), doc.context.register(jsAction(doc))] });
          doc.catalog.set(PDFName.of('Names'), doc.context.obj({ JavaScript: names }));
        }),
      /JavaScript/,
    ],
    [
      'a page additional action with JavaScript',
      () => pdfWith((doc) => doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: jsAction(doc) }))),
      /JavaScript/,
    ],
    [
      'a link annotation that launches a program',
      () =>
        pdfWith((doc) => {
          const launch = doc.context.obj({ S: 'Launch', F: PDFString.of('cmd.exe') });
          const annot = doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 100], A: launch });
          doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(annot)]));
        }),
      /launch/i,
    ],
    [
      'an embedded file',
      () =>
        pdfWith((doc) =>
          doc.attach(Buffer.from('MZ not really'), 'tool.exe', { mimeType: 'application/octet-stream' }),
        ),
      /embedded file/i,
    ],
  ])('refuses %s', async (_label, make, message) => {
    const before = Number((await t.db('uploaded_documents').count({ n: '*' }))[0]!.n);
    const res = await upload(await make());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message: expect.stringMatching(message) });
    expect(Number((await t.db('uploaded_documents').count({ n: '*' }))[0]!.n)).toBe(before);
  });

  it('accepts plain PDFs: one made by a PDF library and the demo generator', async () => {
    for (const bytes of [await pdfWith(() => {}), minimalPdf(['Arrival card', `Order ${orderId}`])]) {
      const res = await upload(bytes);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

/** Sends raw bytes on a socket; answers what came back and how many body bytes could be written. */
function rawUpload(
  port: number,
  head: string,
  body: { chunk: Buffer; times: number },
): Promise<{ response: string; written: number; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    let written = 0;
    let open = true;
    const finish = () => {
      if (!open) return;
      open = false;
      resolve({ response, written, ms: Date.now() - started });
    };
    socket.on('data', (c: Buffer) => (response += c.toString()));
    socket.on('error', finish);
    socket.on('close', finish);
    socket.once('connect', () => {
      socket.write(head);
      let sent = 0;
      const pump = () => {
        while (open && sent < body.times) {
          sent++;
          written += body.chunk.length;
          if (!socket.write(body.chunk)) return void socket.once('drain', pump);
        }
        if (open) socket.end();
      };
      pump();
    });
  });
}

describe('over-size uploads', () => {
  let server: TestServer;
  let token: string;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { uploadMaxMb: 1 });
    token = await server.login('team@demo.test');
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server?.close());

  const head = (length: string) =>
    'POST /api/admin/upload-visa-document HTTP/1.1\r\nHost: x\r\n' +
    `Authorization: ${token}\r\nContent-Type: multipart/form-data; boundary=XyZ\r\n${length}\r\n`;
  const filePart = '--XyZ\r\nContent-Disposition: form-data; name="uploadVisaDoc"; filename="a.pdf"\r\n\r\n%PDF-1.7\n';

  it('refuses a declared 1.6 GB body at once, before reading it', async () => {
    const declared = 1_600_000_000;
    const res = await rawUpload(port, head(`Content-Length: ${declared}\r\n`), {
      chunk: Buffer.alloc(1024 * 1024, 65),
      times: 64,
    });
    expect(res.response).toMatch(/^HTTP\/1\.1 413/);
    expect(res.response).toContain('The file is too large: 1 MB at most.');
    expect(res.ms).toBeLessThan(3000);
    // The connection ends long before the client could send its 64 MB.
    expect(res.written).toBeLessThan(32 * 1024 * 1024);
  });

  it('stops reading a body without a length at the limit', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 65);
    const encoded = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    const firstChunk = `${Buffer.byteLength(filePart).toString(16)}\r\n${filePart}\r\n`;
    const res = await rawUpload(port, head('Transfer-Encoding: chunked\r\n') + firstChunk, {
      chunk: encoded,
      times: 200,
    });
    expect(res.response).toMatch(/^HTTP\/1\.1 413/);
    expect(res.written).toBeLessThan(32 * 1024 * 1024);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
