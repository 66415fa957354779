import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { dayjs, DB_DATE, DB_DATETIME, DATE_FORMATS, orderAgeMinutes } from '@app/domain';
import { insertOne } from '../api/src/db/knex.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../api/src/storage/privateFiles.js';
import { placeOfIp } from '../api/src/geo/ipLocation.js';
import { outboxMessageKey } from '../api/src/modules/mail/templates.js';
import { paymentCredentialKey } from '../api/src/modules/evidence/compellingEvidence.js';
import { deviceId, describeUserAgent } from '../api/src/modules/visitor/client.js';
import { makeOrder, minimalPdf, type Rng } from './generator.js';
import { recordAudit } from '../api/src/modules/audit/service.js';

/**
 * Demo data for the dispute evidence: customers whose names and addresses are in Thai,
 * Chinese, Japanese, Korean and Russian script, and two disputed customers, one with two earlier
 * orders on the same card that qualify under Visa CE 3.0 and one without. Their ids sit apart from
 * the generated orders: 260001 and up for recent orders, 249001 and up for the earlier ones.
 */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

interface Customer {
  first: string;
  last: string;
  email: string;
  nationality: string;
  territory: string;
  phoneCode: string;
  address: string;
  province: string;
  ip: string;
  userAgent: string;
  language: string;
  card: { card_brand: string; card_bin: string; card_last4: string; card_fingerprint?: string };
}

/** A customer per script, so that every pack and invoice shows it prints. */
export const SCRIPT_CUSTOMERS: readonly Customer[] = [
  {
    first: 'สมชาย',
    last: 'ใจดี',
    email: 'somchai.jaidee@example.co.th',
    nationality: 'THAILAND',
    territory: 'Thailand',
    phoneCode: '66',
    address: '99/1 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย',
    province: 'กรุงเทพมหานคร',
    ip: '203.144.144.1',
    userAgent: ANDROID,
    language: 'th-TH,th;q=0.9',
    card: { card_brand: 'Visa', card_bin: '454347', card_last4: '1881' },
  },
  {
    first: '小明',
    last: '王',
    email: 'wang.xiaoming@example.cn',
    nationality: 'CHINA',
    territory: 'China',
    phoneCode: '86',
    address: '北京市朝阳区建国路88号',
    province: '北京市',
    ip: '114.114.114.114',
    userAgent: IPHONE,
    language: 'zh-CN,zh;q=0.9',
    card: { card_brand: 'UnionPay', card_bin: '622202', card_last4: '0317' },
  },
  {
    first: '花子',
    last: '山田',
    email: 'hanako.yamada@example.jp',
    nationality: 'JAPAN',
    territory: 'Japan',
    phoneCode: '81',
    address: '東京都新宿区西新宿2丁目8番1号',
    province: '東京都',
    ip: '133.242.0.1',
    userAgent: IPHONE,
    language: 'ja-JP,ja;q=0.9',
    card: { card_brand: 'JCB', card_bin: '353011', card_last4: '4410' },
  },
  {
    first: '민준',
    last: '김',
    email: 'minjun.kim@example.kr',
    nationality: 'KOREA, REPUBLIC OF',
    territory: 'South Korea',
    phoneCode: '82',
    address: '서울특별시 강남구 테헤란로 152',
    province: '서울특별시',
    ip: '211.234.10.1',
    userAgent: ANDROID,
    language: 'ko-KR,ko;q=0.9',
    card: { card_brand: 'Mastercard', card_bin: '540926', card_last4: '7702' },
  },
  {
    first: 'Иван',
    last: 'Петров',
    email: 'ivan.petrov@example.ru',
    nationality: 'RUSSIA',
    territory: 'Russia',
    phoneCode: '7',
    address: 'ул. Тверская, д. 7, кв. 12',
    province: 'Москва',
    ip: '77.88.55.242',
    userAgent: WINDOWS,
    language: 'ru-RU,ru;q=0.9',
    card: { card_brand: 'Mastercard', card_bin: '546960', card_last4: '2291' },
  },
];

/** Disputed, with two earlier orders on the same card from the same IP and device: qualifies under CE 3.0. */
export const CE3_QUALIFYING: Customer = {
  first: 'Emily',
  last: 'Carter',
  email: 'emily.carter@example.com',
  nationality: 'UNITED KINGDOM',
  territory: 'United Kingdom',
  phoneCode: '44',
  address: '14 Rosebery Avenue, London EC1R 4TD',
  province: 'London',
  ip: '81.2.69.160',
  userAgent: IPHONE,
  language: 'en-GB,en;q=0.9',
  card: { card_brand: 'Visa', card_bin: '424242', card_last4: '4242', card_fingerprint: 'fp_demo_emily_carter' },
};

/** Disputed, with earlier orders on the same card that do not meet the rule (too old; other IP and device). */
export const CE3_NOT_QUALIFYING: Customer = {
  first: 'Lucas',
  last: 'Martin',
  email: 'lucas.martin@example.fr',
  nationality: 'FRANCE',
  territory: 'France',
  phoneCode: '33',
  address: '8 rue de Rivoli, 75004 Paris',
  province: 'Paris',
  ip: '90.84.10.20',
  userAgent: WINDOWS,
  language: 'fr-FR,fr;q=0.9',
  card: { card_brand: 'Mastercard', card_bin: '555555', card_last4: '4444' },
};

interface Context {
  trx: Knex.Transaction;
  rng: Rng;
  docsDir: string;
  processor: { id: number; name: string };
  gatewayId: number;
}

/** One order of the customer, created at `createdAt`, with its purchase evidence and card. */
async function insertOrder(
  ctx: Context,
  orderId: number,
  customer: Customer,
  createdAt: dayjs.Dayjs,
  status: string,
  overrides: { ip?: string; userAgent?: string } = {},
) {
  const order = makeOrder(ctx.rng, orderId, createdAt);
  const ip = overrides.ip ?? customer.ip;
  const userAgent = overrides.userAgent ?? customer.userAgent;
  const place = await placeOfIp(ip);
  const device = describeUserAgent(userAgent);
  const processedAt = createdAt.add(3, 'hour').format(DB_DATETIME);
  Object.assign(order, {
    process_status: status,
    processing_date: createdAt.format(DB_DATE),
    process_month: createdAt.format(DATE_FORMATS.processMonth),
    first_name: customer.first,
    last_name: customer.last,
    // Chinese, Japanese and Korean names are written family name first, without a space.
    full_name: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]/.test(customer.last)
      ? `${customer.last}${customer.first}`
      : `${customer.first} ${customer.last}`,
    email: customer.email,
    contact_email_address: customer.email,
    phone_code: customer.phoneCode,
    nationality: customer.nationality,
    territory: customer.territory,
    // The city of residence goes with the country (makeOrder's is a random person's).
    state: customer.province,
    arrival_territory: customer.territory,
    address: customer.address,
    province: customer.province,
    district_area: null,
    sub_district: null,
    gateway_id: ctx.gatewayId,
    merchant_name: 'TDAC Services Ltd',
    purchase_ip: ip,
    purchase_user_agent: userAgent,
    ...customer.card,
    payment_credential: paymentCredentialKey(customer.card),
    purchase_location: place.location,
    purchase_city: place.city,
    ...Object.fromEntries(Object.entries(device).map(([k, v]) => [`purchase_${k}`, v])),
    purchase_device_id: deviceId(userAgent, customer.language),
    processed_by: ctx.processor.name,
    processed_by_id: ctx.processor.id,
    processed_at: processedAt,
    updated_at: processedAt,
    status_entered_at: processedAt,
    refund_date: status === 'Refunds' ? createdAt.add(6, 'day').format(DB_DATETIME) : null,
    // The age stops when the work is done (processed; ChargeBack and Refunds were completed first).
    finished_at: status === 'Customer Called' ? null : processedAt,
    work_minutes:
      status === 'Customer Called'
        ? null
        : orderAgeMinutes(
            {
              process_status: status,
              processing_mode: 'Standard',
              paid_at: order.paid_at as string,
              finished_at: processedAt,
            },
            0,
          ),
  });
  await ctx.trx('orders').insert(order);
  return order;
}

/** The finished document, its approval mail with the provider's delivery events, and the customer's downloads. */
async function insertHistory(ctx: Context, order: Record<string, unknown>, customer: Customer, downloads: number) {
  const name = `${crypto.randomBytes(12).toString('hex')}.pdf`;
  const pdf = minimalPdf(['Thailand Digital Arrival Card', `Order ${order.order_id}`]);
  fs.writeFileSync(path.join(ctx.docsDir, name), pdf, { mode: PRIVATE_FILE_MODE });
  const processedAt = dayjs.utc(order.processed_at as string);
  const provider = Number(order.order_id) % 2 ? 'Sendgrid' : 'AWS';
  const documentId = await insertOne(ctx.trx, 'uploaded_documents', {
    order_id: order.order_id,
    file1: name,
    storage_key: `docs/${name}`,
    original_name: `TDAC-${order.order_id}.pdf`,
    mime_type: 'application/pdf',
    size_bytes: pdf.length,
    customer_name: order.full_name,
    mail_service_provider: provider,
    uploaded_by_id: ctx.processor.id,
    uploaded_by: ctx.processor.name,
    created_at: processedAt.format(DB_DATETIME),
  });
  const at = (seconds: number) => processedAt.add(seconds, 'second').format(DB_DATETIME);
  const created = at(0);
  const mailId = await insertOne(ctx.trx, 'mail_outbox', {
    order_id: order.order_id,
    kind: 'approval',
    provider,
    to_email: order.email,
    subject: `Your Thailand Digital Arrival Card - Order ${order.order_id}`,
    payload: JSON.stringify({ orderId: order.order_id }),
    document_id: documentId,
    state: 'sent',
    attempts: 1,
    next_attempt_at: created,
    sent_at: at(20),
    provider_message_id: provider === 'AWS' ? `0100019a${order.order_id}-ses` : `sg${order.order_id}Demo`,
    delivered_at: at(24),
    opened_at: at(1800),
    created_by_id: ctx.processor.id,
    created_at: created,
  });
  await ctx
    .trx('mail_outbox')
    .where({ id: mailId })
    .update({ message_id: `<${outboxMessageKey({ id: mailId, created_at: created })}@thailandarrivalcard.example>` });
  const events = provider === 'AWS' ? ['delivered', 'opened'] : ['processed', 'delivered', 'opened'];
  await ctx.trx('mail_events').insert(
    events.map((event) => ({
      mail_id: mailId,
      provider,
      event_key: `seed:${mailId}:${event}`,
      event,
      occurred_at: at({ processed: 21, delivered: 24, opened: 1800 }[event]!),
      detail: event === 'delivered' ? '250 2.0.0 OK' : null,
      created_at: at(1801),
    })),
  );
  const place = await placeOfIp(customer.ip);
  for (let i = 0; i < downloads; i++) {
    await ctx.trx('download_history').insert({
      order_id: order.order_id,
      document_id: documentId,
      file1: name,
      ip: customer.ip,
      user_agent: customer.userAgent,
      ...describeUserAgent(customer.userAgent),
      location: place.location,
      city: place.city,
      device_id: deviceId(customer.userAgent, customer.language),
      timezone: 'Asia/Bangkok',
      created_at: at(2400 + i * 86_400),
    });
  }
}

/** The move to ChargeBack, as the orders service would have recorded it. */
const disputedOn = (ctx: Context, orderId: number, when: dayjs.Dayjs) =>
  recordAudit(ctx.trx, ctx.processor, [
    { action: 'move', orderId, from: 'Completed', to: 'ChargeBack', at: when.format(DB_DATETIME) },
  ]);

export async function seedEvidenceDemo(trx: Knex.Transaction, rng: Rng, dataDir: string, now: dayjs.Dayjs) {
  const docsDir = path.join(dataDir, 'uploads', 'docs');
  ensurePrivateDir(docsDir);
  const processor = await trx('team_members').where({ email: 'team@demo.test' }).first('id', 'name');
  const gateway = await trx('payment_gateways').orderBy('id').first('id');
  const ctx: Context = { trx, rng, docsDir, processor, gatewayId: gateway.id };

  for (const [i, customer] of SCRIPT_CUSTOMERS.entries()) {
    const order = await insertOrder(ctx, 260001 + i, customer, now.subtract(20 - i, 'day'), 'Completed');
    await insertHistory(ctx, order, customer, 1);
  }

  // Emily Carter: disputed 5 days ago; earlier orders 200 and 300 days before that qualify, a refunded one does not.
  const emilyDispute = now.subtract(5, 'day');
  for (const [id, daysBefore, status] of [
    [249001, 300, 'Completed'],
    [249002, 250, 'Refunds'],
    [249003, 200, 'Completed'],
  ] as const) {
    await insertOrder(ctx, id, CE3_QUALIFYING, emilyDispute.subtract(daysBefore, 'day'), status);
  }
  const emily = await insertOrder(ctx, 260006, CE3_QUALIFYING, now.subtract(30, 'day'), 'ChargeBack');
  await insertHistory(ctx, emily, CE3_QUALIFYING, 2);
  await disputedOn(ctx, 260006, emilyDispute);

  // Lucas Martin: one earlier order too old (400 days), one in the window from another IP and device.
  const lucasDispute = now.subtract(3, 'day');
  await insertOrder(ctx, 249004, CE3_NOT_QUALIFYING, lucasDispute.subtract(400, 'day'), 'Completed');
  await insertOrder(ctx, 249005, CE3_NOT_QUALIFYING, lucasDispute.subtract(180, 'day'), 'Completed', {
    ip: '176.31.84.249',
    userAgent: ANDROID,
  });
  const lucas = await insertOrder(ctx, 260007, CE3_NOT_QUALIFYING, now.subtract(25, 'day'), 'ChargeBack');
  await insertHistory(ctx, lucas, CE3_NOT_QUALIFYING, 1);
  await disputedOn(ctx, 260007, lucasDispute);
}
