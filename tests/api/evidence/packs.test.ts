import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { brandForHost } from '@app/domain';
import { renderInvoicePdf } from '../../../api/src/modules/mail/invoicePdf.js';
import { findMailOrder } from '../../../api/src/modules/mail/repo.js';
import { SCRIPT_CUSTOMERS } from '../../../seeds/02_evidence.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

const pdfText = async (data: Buffer) => (await new PDFParse({ data: new Uint8Array(data) }).getText()).text;
/** pdf.js may break a long line or a table cell; compare with all whitespace removed. */
const squash = (text: string) => text.replace(/\s+/g, '');
/** Fonts embedded in the PDF (FontFile2 is a TrueType program). */
const embeddedFonts = (pdf: Buffer) => (pdf.toString('latin1').match(/\/FontFile2/g) ?? []).length;

describe.each(dialects())('defence packs in every script, with prior transactions, on %s', (dialect) => {
  let t: TestApp;
  let token: string;

  const pack = async (orderId: number, defencePackType: 1 | 2) => {
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/admin/get-defence-pack-pdf',
      payload: { orderId, defencePackType },
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A Manager reads the payment, the card among it (packForRole blanks it for the roles below).
    token = await t.login('manager@demo.test');
  });
  afterAll(() => t?.close());

  it.each(SCRIPT_CUSTOMERS.map((c, i) => [c.territory, 260001 + i] as const))(
    'prints the %s name and address exactly in both packs and the invoice',
    async (_territory, orderId) => {
      const order = await t.db('orders').where({ order_id: orderId }).first();
      expect(order.full_name).toMatch(/[^\x20-\xff]/);
      const invoice = await renderInvoicePdf((await findMailOrder(t.db, orderId))!, {
        brand: brandForHost(order.landing_domain),
        countryName: 'Thailand',
        issuedAt: '2026-11-20 10:00:00',
      });
      for (const pdf of [await pack(orderId, 1), await pack(orderId, 2), invoice]) {
        const text = await pdfText(pdf);
        expect(text).toContain(order.full_name);
        expect(embeddedFonts(pdf)).toBeGreaterThan(0);
        if (pdf !== invoice) expect(squash(text)).toContain(squash(`${order.address}, ${order.province}`));
      }
    },
  );

  it('keeps a Latin-only pack small, embedding no font, and reports the sizes', async () => {
    const completed = await t.db('orders').where({ process_status: 'Completed' }).orderBy('order_id').limit(50);
    const latin = completed.find((o) => /^[\x20-\x7e]+$/.test(`${o.full_name}${o.address}`))!;
    expect(latin.full_name).toMatch(/^[\x20-\xff]+$/);
    const latinPack = await pack(latin.order_id, 1);
    const thaiPack = await pack(260001, 1);
    const chinesePack = await pack(260002, 1);
    expect(embeddedFonts(latinPack)).toBe(0);
    expect(embeddedFonts(thaiPack)).toBeGreaterThan(0);
    expect(latinPack.length).toBeLessThan(20_000);
    // Only the glyphs used are embedded: a Thai or Chinese pack stays well under a font file's size.
    expect(thaiPack.length).toBeLessThan(60_000);
    expect(chinesePack.length).toBeLessThan(60_000);
    console.log(
      `[${dialect}] pack 1 sizes: Latin-only ${latinPack.length} B, Thai ${thaiPack.length} B, Chinese ${chinesePack.length} B`,
    );
  });

  it('lists two qualifying earlier orders on the same credential and says the order qualifies under CE 3.0', async () => {
    const text = await pdfText(await pack(260006, 1));
    const flat = squash(text);
    expect(text).toContain('Prior transactions on the same credential (3)');
    expect(flat).toContain(squash('Qualifies under Visa CE 3.0: orders 249003 and 249001 match this order on'));
    expect(flat).toContain(squash('User ID and IP address and Device ID and Shipping address'));
    expect(flat).toContain(squash('Visa 424242******4242, fingerprint fp_demo_emily_carter'));
    for (const id of ['249001', '249002', '249003']) expect(text).toContain(id);
    expect(flat).toContain('Refunded');
    expect(flat).toContain(squash('Yes: User ID, IP address, Device ID, Shipping address'));
    expect(flat).toContain('(movedtoChargeBack)');
    // The full card number never appears; the device evidence sits beside the downloads.
    expect(flat).not.toMatch(/4242424242424242/);
    const order = await t.db('orders').where({ order_id: 260006 }).first();
    expect(text).toContain(order.purchase_device_id);
  });

  it('says an order without two qualifying earlier orders does not qualify', async () => {
    const text = await pdfText(await pack(260007, 1));
    expect(squash(text)).toContain(squash('Does not qualify under Visa CE 3.0'));
    expect(text).toContain('Prior transactions on the same credential (2)');
    expect(text).toContain('249004');
    expect(text).toContain('249005');
  });

  it("lists each mail's delivery timeline with the provider's message id in Defence Pack 2", async () => {
    const mail = await t.db('mail_outbox').where({ order_id: 260006 }).first();
    const flat = squash(await pdfText(await pack(260006, 2)));
    expect(flat).toContain(squash(mail.message_id));
    expect(flat).toContain(squash(mail.provider_message_id));
    for (const step of ['Queued', 'Acceptedbyprovider', 'Delivered', 'Opened']) expect(flat).toContain(step);
  });
});
