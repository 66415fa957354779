import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import {
  dayjs,
  DB_DATE,
  DB_DATETIME,
  DATE_FORMATS,
  orderAgeMinutes,
  WORK_DONE_STATUSES,
  type Role,
  type SlaFacts,
} from '@app/domain';
import { hashPassword } from '../api/src/core/passwords.js';
import { recountOrderCounters } from '../api/src/modules/orders/counters.js';
import { rebuildReportRollups } from '../api/src/modules/reports/rollups.js';
import { insertOne } from '../api/src/db/knex.js';
import { recordAudit } from '../api/src/modules/audit/service.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../api/src/storage/privateFiles.js';
import { createRng, makeOrder, minimalPdf, type GeneratedOrder, type Rng } from './generator.js';
import { seedEvidenceDemo } from './02_evidence.js';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; name: string; type: Role }> = [
  { email: 'admin@demo.test', name: 'Demo Admin', type: 'Admin' },
  { email: 'manager@demo.test', name: 'Demo Manager', type: 'Manager' },
  { email: 'team@demo.test', name: 'Demo Team', type: 'Team' },
  { email: 'telecaller@demo.test', name: 'Demo Telecaller', type: 'Telecaller' },
  { email: 'night@demo.test', name: 'Demo Night Staff', type: 'Night Staff' },
];
/** Colleagues who processed past orders, so that the Processed By report has more than the demo accounts. */
const COLLEAGUES: ReadonlyArray<{ email: string; name: string; type: Role }> = [
  { email: 'somchai@demo.test', name: 'Somchai Prasert', type: 'Team' },
  { email: 'anna@demo.test', name: 'Anna Kowalski', type: 'Team' },
  { email: 'ravi@demo.test', name: 'Ravi Kumar', type: 'Telecaller' },
];

/** How many demo orders each state gets; together they show every queue at work. */
const PLAN: ReadonlyArray<{ status: string; mode?: string; count: number; assigned?: number; future?: boolean }> = [
  { status: 'New', mode: 'Standard', count: 70, assigned: 14 },
  { status: 'New', mode: 'Priority', count: 28, assigned: 6 },
  { status: 'New', mode: 'Future', count: 60, future: true },
  { status: 'Awaiting', count: 20, assigned: 5 },
  { status: 'AwaitingGovt', count: 15, assigned: 3 },
  { status: 'Contact Customer', count: 15, assigned: 4 },
  { status: 'Customer Called', count: 15 },
  { status: 'Completed', count: 90 },
  { status: 'Refunds', count: 20 },
  { status: 'ChargeBack', count: 15 },
  { status: 'Deleted', count: 20 },
];
const DOCUMENT_STATUSES = ['Customer Called', 'Completed', 'Refunds', 'ChargeBack'];
const REMARKS = [
  'Called the customer, no answer. Will try again tomorrow.',
  'Passport number checked against the scan, all good.',
  'Customer asked to change the arrival date; waiting for confirmation.',
  'Sent a WhatsApp message asking for the hotel address.',
  'Submitted to the immigration portal.',
  'Customer requested a refund by email.',
  'Bank raised a dispute; evidence pack prepared.',
];

/** Seeds the demo data: accounts, gateways, orders in every queue with their history, and document files. */
export async function seedDemo(db: Knex, dataDir: string, now = dayjs.utc()): Promise<void> {
  if (process.env.NODE_ENV === 'production') throw new Error('Refusing to seed demo data when NODE_ENV=production');
  const rng = createRng(20251122);
  const stamp = now.format(DB_DATETIME);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (trx) => {
    const members = [...DEMO_ACCOUNTS, ...COLLEAGUES].map((m) => ({
      ...m,
      password_hash: passwordHash,
      created_at: stamp,
      updated_at: stamp,
    }));
    await trx('team_members').insert(members);
    const staff: Array<{ id: number; name: string }> = await trx('team_members').select('id', 'name').orderBy('id');

    await trx('payment_gateways').insert(
      ['Stripe', 'PayPal', 'Authorize.net'].map((gateway_name, i) => ({
        gateway_name,
        is_active: i === 0,
        created_at: stamp,
      })),
    );
    const gateways: Array<{ id: number }> = await trx('payment_gateways').select('id').orderBy('id');

    const orders = buildOrders(
      rng,
      now,
      staff,
      gateways.map((g) => g.id),
    );
    await trx.batchInsert('orders', orders, 50);
    // The trail of the deleted orders: each was deleted while New, so "Restore to where it was" has a place.
    const deletedBy = staff.find((m) => m.name === 'Demo Manager')!;
    const deletes = orders
      .filter((o) => o.process_status === 'Deleted')
      .map((o) => ({
        action: 'delete',
        orderId: o.order_id,
        from: 'New',
        to: 'Deleted',
        at: dayjs.utc(o.created_at).add(2, 'hour').format(DB_DATETIME),
      }));
    await recordAudit(trx, deletedBy, deletes);
    await seedHistory(trx, rng, orders, staff, dataDir);
    await seedEvidenceDemo(trx, rng, dataDir, now);
  });
  await recountOrderCounters(db);
  await rebuildReportRollups(db);
}

function buildOrders(rng: Rng, now: dayjs.Dayjs, staff: Array<{ id: number; name: string }>, gatewayIds: number[]) {
  const drafts: Array<{ status: string; mode: string; assigned: boolean; future: boolean }> = [];
  for (const plan of PLAN) {
    for (let i = 0; i < plan.count; i++) {
      drafts.push({
        status: plan.status,
        mode: plan.mode ?? rng.pick(['Standard', 'Standard', 'Priority']),
        assigned: i < (plan.assigned ?? 0),
        future: !!plan.future,
      });
    }
  }
  // Older orders have moved further along; new ones are the most recent.
  const age = (status: string) => (status === 'New' ? rng.int(0, 3 * 24 * 60) : rng.int(2 * 24 * 60, 75 * 24 * 60));
  const timed = drafts.map((d) => ({ ...d, createdAt: now.subtract(age(d.status), 'minute').second(rng.int(0, 59)) }));
  timed.sort((a, b) => a.createdAt.valueOf() - b.createdAt.valueOf());
  const workers = staff.filter((s) => !s.name.startsWith('Demo Night'));

  return timed.map((d, index): GeneratedOrder => {
    const order = makeOrder(rng, 250001 + index, d.createdAt);
    order.process_status = d.status;
    order.processing_mode = d.mode;
    order.gateway_id = rng.pick(gatewayIds);
    if (d.future) {
      const date = now.add(rng.int(1, 364), 'day');
      order.processing_date = date.format(DB_DATE);
      order.process_month = date.format(DATE_FORMATS.processMonth);
    } else {
      order.processing_date = d.createdAt.format(DB_DATE);
      order.process_month = d.createdAt.format(DATE_FORMATS.processMonth);
    }
    if (d.assigned) {
      // The first assigned orders go to the demo accounts, so that My Orders is never empty for them.
      const member = index % 3 === 0 ? workers[rng.int(0, 2)]! : rng.pick(workers);
      order.assignee_id = member.id;
      order.assign_to = member.name;
      order.assigned_at = d.createdAt.add(rng.int(10, 120), 'minute').format(DB_DATETIME);
    }
    if (DOCUMENT_STATUSES.includes(d.status)) {
      const processor = rng.pick(workers);
      order.processed_by = processor.name;
      order.processed_by_id = processor.id;
      order.processed_at = d.createdAt.add(rng.int(30, 36 * 60), 'minute').format(DB_DATETIME);
    }
    // The age stops when the work is done: these reached it when their document was processed.
    if (WORK_DONE_STATUSES.includes(d.status)) {
      order.finished_at = order.processed_at;
      order.work_minutes = orderAgeMinutes(order as unknown as SlaFacts, 0);
    }
    // Refunds: every other one refunded ("Refunded it": refund date, refund mail), never later than now;
    // the others filed there by "Completed Refunds", waiting for the refund (no refund date).
    if (d.status === 'Refunds') {
      const refundedAt = d.createdAt.add(rng.int(2, 10), 'day');
      const latest = now.subtract(1, 'hour');
      if (index % 2 === 0) order.refund_date = (refundedAt.isBefore(latest) ? refundedAt : latest).format(DB_DATETIME);
    }
    if (d.status === 'ChargeBack') order.merchant_name = 'TDAC Services Ltd';
    if (rng.chance(0.04)) {
      order.is_transit = 1;
    }
    if (rng.chance(0.05)) {
      order.yellow_fever = 'Yes';
      order.date_of_vaccination = d.createdAt.subtract(rng.int(100, 2000), 'day').format(DB_DATE);
    }
    order.updated_at = (order.processed_at as string | undefined) ?? order.created_at;
    order.status_entered_at = order.updated_at;
    return order;
  });
}

async function seedHistory(
  trx: Knex.Transaction,
  rng: Rng,
  orders: GeneratedOrder[],
  staff: Array<{ id: number; name: string }>,
  dataDir: string,
) {
  const docsDir = path.join(dataDir, 'uploads', 'docs');
  ensurePrivateDir(docsDir);
  const remarks: Record<string, unknown>[] = [];
  const downloads: Record<string, unknown>[] = [];
  const mails: Record<string, unknown>[] = [];

  for (const order of orders) {
    const created = dayjs.utc(order.created_at);
    if (rng.chance(0.3)) {
      for (let i = rng.int(1, 3); i > 0; i--) {
        const by = rng.pick(staff);
        remarks.push({
          order_id: order.order_id,
          remark: rng.pick(REMARKS),
          remark_name: by.name,
          member_id: by.id,
          whatsapp: rng.chance(0.3) ? 'Y' : 'N',
          telephone: rng.chance(0.3) ? 'Y' : 'N',
          status_refund: order.process_status === 'Refunds' ? 'Y' : 'N',
          voided: 'N',
          chargeback: order.process_status === 'ChargeBack' ? 'Y' : 'N',
          report_error: 'N',
          created_at: created.add(rng.int(20, 3000), 'minute').format(DB_DATETIME),
        });
      }
    }
    if (!order.processed_at) continue;

    const name = `${crypto.randomBytes(12).toString('hex')}.pdf`;
    const pdf = minimalPdf([
      'Thailand Digital Arrival Card',
      `Order ${order.order_id}`,
      `Name: ${order.full_name}`,
      `Passport: ${order.passport_number}`,
      `Arrival: ${order.date_of_arrival} on ${order.arrivalflight_and_vehicle_number}`,
    ]);
    fs.writeFileSync(path.join(docsDir, name), pdf, { mode: PRIVATE_FILE_MODE });
    const provider = rng.chance(0.7) ? 'AWS' : 'Sendgrid';
    const docId = await insertOne(trx, 'uploaded_documents', {
      order_id: order.order_id,
      file1: name,
      storage_key: `docs/${name}`,
      original_name: `TDAC-${order.order_id}.pdf`,
      mime_type: 'application/pdf',
      size_bytes: pdf.length,
      customer_name: order.full_name,
      mail_service_provider: provider,
      uploaded_by_id: order.processed_by_id,
      uploaded_by: order.processed_by,
      created_at: order.processed_at,
    });
    const sentAt = dayjs.utc(order.processed_at as string).add(rng.int(5, 90), 'second');
    mails.push({
      order_id: order.order_id,
      kind: 'approval',
      provider,
      to_email: order.email,
      subject: `Your Thailand Digital Arrival Card - Order ${order.order_id}`,
      payload: JSON.stringify({ orderId: order.order_id }),
      document_id: docId,
      state: 'sent',
      attempts: 1,
      next_attempt_at: sentAt.format(DB_DATETIME),
      message_id: `<${crypto.randomBytes(8).toString('hex')}@${provider === 'AWS' ? 'email.amazonses.com' : 'sendgrid.net'}>`,
      sent_at: sentAt.format(DB_DATETIME),
      created_by_id: order.processed_by_id,
      created_at: order.processed_at,
    });
    if (order.refund_date) {
      const refundSent = dayjs
        .utc(order.refund_date as string)
        .add(40, 'second')
        .format(DB_DATETIME);
      mails.push({
        order_id: order.order_id,
        kind: 'refund',
        provider: 'AWS',
        to_email: order.email,
        subject: `Your refund for order ${order.order_id}`,
        payload: JSON.stringify({ orderId: order.order_id }),
        state: 'sent',
        attempts: 1,
        next_attempt_at: refundSent,
        sent_at: refundSent,
        created_by_id: order.processed_by_id,
        created_at: order.refund_date,
      });
    }
    if (rng.chance(0.6)) {
      for (let i = rng.int(1, 3); i > 0; i--) {
        const mobile = rng.chance(0.6);
        downloads.push({
          order_id: order.order_id,
          document_id: docId,
          file1: name,
          ip: `${rng.int(11, 220)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
          user_agent: mobile
            ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile Safari/604.1'
            : 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0.0.0 Safari/537.36',
          device: mobile ? 'Apple iPhone' : 'Desktop',
          device_type: mobile ? 'mobile' : 'desktop',
          browser: mobile ? 'Mobile Safari-17.5' : 'Chrome-126.0.0.0',
          os: mobile ? 'iOS 17.5' : 'Windows 10',
          location: rng.pick([order.territory, 'Thailand']),
          timezone: 'America/New_York',
          created_at: sentAt.add(rng.int(10, 5000), 'minute').format(DB_DATETIME),
        });
      }
    }
  }
  await trx.batchInsert('remarks', remarks, 50);
  await trx.batchInsert('mail_outbox', mails, 50);
  await trx.batchInsert('download_history', downloads, 50);
}

/** knex seed entry point (npm run db:seed). */
export async function seed(knex: Knex): Promise<void> {
  await seedDemo(knex, path.resolve(process.env.DATA_DIR ?? './data'));
}
