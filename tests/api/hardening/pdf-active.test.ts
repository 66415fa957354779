import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { Document, Page, Text, renderToBuffer } from '@react-pdf/renderer';
import { checkPdf } from '../../../api/src/modules/documents/pdfCheck.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { postUpload } from '../../helpers/upload.js';
import { minimalPdf } from '../../../seeds/generator.js';

/**
 * PDFs with active content are refused, since they would be mailed to the customer as they are: a
 * catalog defined twice (the xref points to the copy with an OpenAction JavaScript,
 * pdf-lib kept the clean copy), an AcroForm /XFA stream holding a script, a GoToR to a UNC path and a
 * URI OpenAction. Each is refused with 400 and a message; plain PDFs pass.
 */

const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << >> >>';
const CONTENT = '<< /Length 0 >>\nstream\n\nendstream';
const JS_ACTION = '<< /S /JavaScript /JS (app.launchURL\\("http://evil.test/"\\)) >>';

/**
 * A PDF written byte by byte: `objects` are [number, body] in file order (a number may come twice),
 * the xref points at the first definition of each number unless `xrefAt` picks another one (by its
 * index in `objects`), or gives a wrong offset.
 */
function rawPdf(objects: Array<[number, string]>, { xrefAt = {} as Record<number, number | 'wrong'> } = {}) {
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [number, text] of objects) {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${number} 0 obj\n${text}\nendobj\n`;
  }
  const size = Math.max(...objects.map(([n]) => n)) + 1;
  const offsetOf = (number: number) => {
    const chosen = xrefAt[number];
    if (chosen === 'wrong') return 9;
    return offsets[chosen ?? objects.findIndex(([n]) => n === number)]!;
  };
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) body += `${String(offsetOf(n)).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const withCatalog = (catalog: string, ...extra: Array<[number, string]>) =>
  rawPdf([[1, catalog], [2, PAGES], [3, PAGE], [4, CONTENT], ...extra]);

/** An uncompressed object stream holding `number` (its header is no `N G obj` in the raw bytes). */
function objectStream(number: number, text: string) {
  const header = `${number} 0 `;
  const data = `${header}${text}`;
  return `<< /Type /ObjStm /N 1 /First ${header.length} /Length ${data.length} >>\nstream\n${data}\nendstream`;
}

const HOSTILE: Array<[string, () => Buffer, RegExp]> = [
  [
    'a catalog defined twice, the xref pointing to the copy with an OpenAction JavaScript',
    () =>
      rawPdf(
        [
          [1, '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>'],
          [2, PAGES],
          [3, PAGE],
          [4, CONTENT],
          [5, JS_ACTION.replace('/JavaScript', '/J#61vaScript').replace('/JS', '/J#53')],
          [1, '<< /Type /Catalog /Pages 2 0 R >>'],
        ],
        { xrefAt: { 1: 0 } },
      ),
    /defines object 1 0 twice/,
  ],
  [
    'an AcroForm /XFA stream holding a script',
    () => {
      const xfa =
        '<xdp:xdp><template><script contentType="application/x-javascript">app.alert(1)</script></template></xdp:xdp>';
      return withCatalog('<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XFA 5 0 R >> >>', [
        5,
        `<< /Length ${xfa.length} >>\nstream\n${xfa}\nendstream`,
      ]);
    },
    /XFA form/,
  ],
  [
    'a GoToR to a UNC path',
    () =>
      withCatalog(
        '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /GoToR /F (\\\\\\\\evil.test\\\\share\\\\x.pdf) /D [0 /Fit] >> >>',
      ),
    /opens another file/,
  ],
  [
    'a URI OpenAction',
    () => withCatalog('<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /URI /URI (http://evil.test/) >> >>'),
    /web address that opens by itself/,
  ],
  [
    'a URI in a page additional action',
    () =>
      rawPdf([
        [1, '<< /Type /Catalog /Pages 2 0 R >>'],
        [2, PAGES],
        [3, PAGE.replace('/Resources', '/AA << /O << /S /URI /URI (http://evil.test/) >> >> /Resources')],
        [4, CONTENT],
      ]),
    /web address that opens by itself/,
  ],
  [
    'a GoToE action',
    () => withCatalog('<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /GoToE /T << /R /C /N (x) >> >> >>'),
    /opens an embedded file/,
  ],
  [
    'an xref entry pointing at no object',
    () =>
      rawPdf(
        [
          [1, '<< /Type /Catalog /Pages 2 0 R >>'],
          [2, PAGES],
          [3, PAGE],
          [4, CONTENT],
        ],
        { xrefAt: { 3: 'wrong' } },
      ),
    /cross-reference table does not match/,
  ],
  [
    'a catalog also defined inside an object stream',
    () =>
      withCatalog('<< /Type /Catalog /Pages 2 0 R >>', [
        5,
        objectStream(1, '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /Named /N /Print >> >>'),
      ]),
    /defines object 1 0 twice/,
  ],
  [
    'a JavaScript name hidden, hex-escaped, in a stream no object uses',
    () => {
      const hidden = '<< /S /J#61v#61Script /JS (app.alert(1)) >>';
      return withCatalog('<< /Type /Catalog /Pages 2 0 R >>', [
        5,
        `<< /Length ${hidden.length} >>\nstream\n${hidden}\nendstream`,
      ]);
    },
    /JavaScript/,
  ],
];

async function pdfLibPdf(useObjectStreams: boolean) {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Arrival card', { x: 20, y: 100 });
  // A link the reader opens only when clicked is no action on open.
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 0, 100, 20],
    A: { S: 'URI', URI: PDFString.of('https://tdac.immigration.go.th/') },
  });
  doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  return Buffer.from(await doc.save({ useObjectStreams }));
}

const reactPdf = async () =>
  Buffer.from(
    await renderToBuffer(
      createElement(Document, null, createElement(Page, { size: 'A4' }, createElement(Text, null, 'Arrival card'))),
    ),
  );

describe.each(dialects())('PDF active content on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let orderId: number;
  const upload = (bytes: Buffer) =>
    postUpload(t, token, { orderId, email: 'customer@mail.example', file: { bytes, name: 'card.pdf' } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login('team@demo.test');
    orderId = Number((await t.db('orders').where({ process_status: 'New' }).first('order_id')).order_id);
  });
  afterAll(() => t?.close());

  it.each(HOSTILE)('refuses %s with 400, storing nothing', async (_label, make, message) => {
    const count = async () => Number((await t.db('uploaded_documents').count({ n: '*' }))[0]!.n);
    const before = await count();
    const res = await upload(make());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ status: 0, message: expect.stringMatching(message) });
    expect(await count()).toBe(before);
  });

  it('accepts plain PDFs: pdf-lib (with and without object streams), @react-pdf and the demo generator', async () => {
    for (const bytes of [
      await pdfLibPdf(true),
      await pdfLibPdf(false),
      await reactPdf(),
      minimalPdf(['Arrival card', `Order ${orderId}`]),
    ]) {
      const res = await upload(bytes);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('passes every seeded document', async () => {
    const storage = t.app.storage;
    const keys: string[] = await t.db('uploaded_documents').distinct().pluck('storage_key');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const chunks: Buffer[] = [];
      for await (const chunk of (await storage.open(key))!.stream) chunks.push(chunk as Buffer);
      await expect(checkPdf(Buffer.concat(chunks)), key).resolves.toBeUndefined();
    }
  });
});
