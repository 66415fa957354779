import { formatUtc, type Brand } from '@app/domain';
import { Fields, PdfDocument, Paragraph, Section, Table, renderPdf } from '../../pdf/components.js';
import type { MailOrder } from './repo.js';

const money = (amount: number | null, currency: string | null) =>
  amount === null || amount === undefined ? '-' : `${Number(amount).toFixed(2)} ${currency ?? ''}`.trim();

const UTC_TIME = 'D MMMM YYYY, HH:mm [UTC]';

/** The invoice of an order (the old system's "Send Invoice"): who paid what, for which service, through which gateway. */
export function renderInvoicePdf(
  order: MailOrder,
  { brand, countryName, issuedAt }: { brand: Brand; countryName: string; issuedAt: string },
): Promise<Buffer> {
  const total = money(order.amount, order.currency);
  const service = `${countryName} Digital Arrival Card application (${order.processing_mode} processing)`;
  return renderPdf(
    <PdfDocument
      title={`Invoice INV-${order.order_id}`}
      brand={brand.name}
      subtitle={`Issued ${formatUtc(issuedAt, 'D MMMM YYYY')}`}
      footer={`${brand.name} - ${brand.supportEmail}`}
      text={JSON.stringify({ order, brand })}
    >
      <Section title="Billed to">
        <Fields
          rows={[
            ['Customer', order.full_name],
            ['Email', order.email],
            ['Order ID', order.order_id],
            ['Order date', formatUtc(order.created_at, UTC_TIME)],
          ]}
        />
      </Section>
      <Section title="Service">
        <Table
          columns={[
            { label: 'Description', flex: 5 },
            { label: 'Qty', flex: 1 },
            { label: 'Amount', flex: 2 },
          ]}
          rows={[[service, 1, total]]}
          empty=""
        />
        <Fields rows={[['Total paid', total]]} />
      </Section>
      <Section title="Payment">
        <Fields
          rows={[
            ['Payment gateway', order.gateway_name],
            ['Transaction ID', order.transaction_id],
            ['Paid at', formatUtc(order.paid_at, UTC_TIME)],
            ['Merchant', order.merchant_name ?? brand.name],
          ]}
        />
      </Section>
      <Paragraph>{brand.footer}</Paragraph>
    </PdfDocument>,
  );
}
