/**
 * Search's bench entries (BENCH_ONLY=search): a queue's search (POST /api/admin/search-order) and search
 * everywhere (GET /api/search) by each kind of text a person types: an order id, an email, a name, a
 * passport, phone or transaction number, of an order a thousand from the newest; names also the most common
 * one (the search that gathers the most matches) and a three-letter start of it.
 */
import type { Knex } from 'knex';
import { queueByOrderName, RESOURCES } from '@app/domain';
import { lookUpOrders, searchQueue } from '../../api/src/modules/orders/service.js';
import type { Member } from '../../api/src/types.js';
import type { Scenario } from './customFields.js';

interface Picked {
  commonFirst: string;
  commonLast: string;
  sample: Record<string, string | number>;
}
/**
 * What the entries look up, picked once per run: run.ts builds the entries twice (the measured connections
 * and the counting one), and a server's retention pass anonymising orders meanwhile could change the picks.
 */
let picked: Promise<Picked> | undefined;

async function pick(db: Knex): Promise<Picked> {
  /** The most common value of a name column (orders anonymised after their retention have none). */
  const mostCommon = async (column: string): Promise<string> => {
    const row = (await db('orders')
      .whereNotNull(column)
      .select(column)
      .count({ n: '*' })
      .groupBy(column)
      .orderBy('n', 'desc')
      .first()) as Record<string, unknown> | undefined;
    return String(row?.[column] ?? '');
  };
  const sample = await db('orders')
    .where('process_status', 'Completed')
    .orderBy('order_id', 'desc')
    .offset(1000)
    .first('order_id', 'email', 'full_name', 'passport_number', 'phone_number', 'transaction_id');
  if (!sample) throw new Error('The database has too few orders: run npm run seed:bulk first.');
  return { commonFirst: await mostCommon('first_name'), commonLast: await mostCommon('last_name'), sample };
}

export async function searchScenarios(db: Knex, member: Member): Promise<Scenario[]> {
  const all = queueByOrderName('allOrder')!;
  const { commonFirst, commonLast, sample } = await (picked ??= pick(db));
  const search = (label: string, searchVal: string): Scenario => ({
    name: `search by ${label}`,
    method: 'POST',
    path: '/api/admin/search-order',
    body: { start: 0, end: 10, searchVal, folderName: 'allOrder' },
    direct: () => searchQueue(db, member, all, { start: 0, end: 10, searchVal }),
    budgetP95: 30,
  });
  /** Search everywhere's orders beside the request: the members and screens it adds are a few rows. */
  const everywhere = (label: string, q: string): Scenario => ({
    name: `search everywhere by ${label}`,
    method: 'GET',
    path: `/api/search?q=${encodeURIComponent(q)}`,
    direct: () => lookUpOrders(db, RESOURCES, member.type, q),
    budgetP95: 30,
  });
  return [
    search('order id', String(sample.order_id)),
    search('email', String(sample.email)),
    search(`common first name (${commonFirst})`, commonFirst),
    search(`common last name (${commonLast})`, commonLast),
    search(`3-letter prefix (${commonFirst.slice(0, 3)})`, commonFirst.slice(0, 3)),
    everywhere('order id', String(sample.order_id)),
    everywhere('email', String(sample.email)),
    everywhere('full name', String(sample.full_name)),
    everywhere(`common first name (${commonFirst})`, commonFirst),
    everywhere('passport number', String(sample.passport_number)),
    everywhere('phone number', String(sample.phone_number)),
    everywhere('transaction id', String(sample.transaction_id)),
  ];
}
