import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../../../seeds/generator.js';
import { ManualClock } from '../../../api/src/core/clock.js';
import { eraseCustomer, runRetention } from '../../../api/src/modules/privacy/service.js';
import { holdsOf } from '../../../api/src/modules/privacy/repo.js';
import { createDb } from '../../../api/src/db/knex.js';
import { verifyChain } from '../../../api/src/modules/audit/service.js';
import { readDocumentBytes } from '../../../api/src/modules/files/repo.js';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { postUpload } from '../../helpers/upload.js';

/** npm run privacy:export / privacy:erase against the test's database and data folder. */
function privacy(t: TestApp, command: 'export' | 'erase', args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/privacy.ts', command, ...args], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl, REDIS_URL: '' },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * Personal data retention: with the clock at 2000-12-01 and the default 180 days, orders departed before
 * 2000-06-04 lose their personal data (names, passport, contacts, IPs, personal custom values, documents)
 * unless held by a chargeback; each run is audited with its counts and never reads an anonymised order
 * again. A customer's export and erase run as the commands an operator types.
 */
describe.each(dialects())('personal data retention on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const clock = new ManualClock('2000-12-01T00:00:00Z');
  const pdf = minimalPdf(['Arrival card', 'retention']);
  const ids: Record<'due' | 'recent' | 'chargeback' | 'customer' | 'customerHeld', number> = {
    due: 0,
    recent: 0,
    chargeback: 0,
    customer: 0,
    customerHeld: 0,
  };
  const CUSTOMER = 'privacy.customer@example.test';

  const call = (role: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.call(tokens[role]!, { method, url, payload });
  const order = (id: number) => t.db('orders').where({ order_id: id }).first();
  /** The order's newest document: the one the test uploaded. */
  const documentOf = (id: number) => t.db('uploaded_documents').where({ order_id: id }).orderBy('id', 'desc').first();

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    ({ tokens } = await signInDemoAccounts(t));
    const field = await call('admin', 'POST', '/api/order-fields', {
      id: 'nickname',
      label: 'Nickname',
      type: 'text',
      readRoles: ['Admin'],
      editRoles: ['Admin'],
    });
    expect(field.statusCode, field.body).toBe(200);
    const seeded = await t
      .db('orders')
      .where({ process_status: 'Completed' })
      .orderBy('order_id')
      .limit(5)
      .pluck('order_id');
    const shape: Array<[keyof typeof ids, string, string, string]> = [
      ['due', '2000-01-10', 'Completed', 'due@example.test'],
      ['recent', '2000-11-01', 'Completed', 'recent@example.test'],
      ['chargeback', '2000-01-05', 'ChargeBack', 'held@example.test'],
      ['customer', '2026-01-01', 'Completed', CUSTOMER],
      ['customerHeld', '2026-01-02', 'ChargeBack', CUSTOMER],
    ];
    for (const [i, [name, departure, status, email]] of shape.entries()) {
      const id = Number(seeded[i]);
      ids[name] = id;
      await t
        .db('orders')
        .where({ order_id: id })
        .update({
          date_of_departure: departure,
          email,
          first_name: 'Anna',
          last_name: `Person ${name}`,
          full_name: `Anna Person ${name}`,
          passport_number: `P${id}`,
          date_of_birth: '1980-02-03',
          phone_number: '812345678',
          purchase_ip: '203.0.113.7',
          purchase_user_agent: 'Mozilla/5.0',
        });
      const upload = await postUpload(t, tokens.admin!, { orderId: id, email, file: { bytes: pdf, name: 'card.pdf' } });
      expect(upload.statusCode, upload.body).toBe(200);
      await t
        .db('download_history')
        .insert({ order_id: id, ip: '198.51.100.9', user_agent: 'UA', created_at: '2000-01-11 00:00:00' });
      const version = (await order(id)).version;
      const value = await call('admin', 'PUT', `/api/orders/${id}`, { nickname: `Nick ${name}`, version });
      expect(value.statusCode, value.body).toBe(200);
      // Last: an upload completes the order.
      await t.db('orders').where({ order_id: id }).update({ process_status: status });
    }
  });
  afterAll(() => t?.close());

  it('lets an Admin alone read and set the retention days, refusing a value out of range by name', async () => {
    const record = await call('admin', 'GET', '/api/retention-settings/current');
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({
      id: 'current',
      days: 180,
      keptFields: expect.arrayContaining(['order_id', 'amount']),
    });
    expect(record.json().anonymisedFields).toContain('passport_number');
    expect((await call('manager', 'GET', '/api/retention-settings/current')).statusCode).toBe(403);
    const tooShort = await call('admin', 'PUT', '/api/retention-settings/current', { days: 5 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toMatch(/days/);
    const longer = await call('admin', 'PUT', '/api/retention-settings/current', { days: 365 });
    expect(longer.json()).toMatchObject({ days: 365 });
    expect(await t.db('audit_events').where({ action: 'retention-settings' }).first()).toMatchObject({
      from_value: '180',
      to_value: '365',
    });
    expect((await call('admin', 'PUT', '/api/retention-settings/current', { days: 180 })).json().days).toBe(180);
  });

  it('anonymises due orders, keeps recent and held ones, removes documents, audits each run and skips done orders', async () => {
    const dueKey = (await documentOf(ids.due)).storage_key;
    const documents = (await t.db('uploaded_documents').where({ order_id: ids.due }).pluck('id')).length;
    const downloads = (await t.db('download_history').where({ order_id: ids.due }).pluck('id')).length;
    const run = await runRetention(t.app);
    expect(run).toMatchObject({ cutoff: '2000-06-04', orders: 1, held: 1, documents, downloads, customValues: 1 });

    const due = await order(ids.due);
    expect(due).toMatchObject({ first_name: null, last_name: null, full_name: null, email: '', passport_number: null });
    expect(due).toMatchObject({
      date_of_birth: null,
      phone_number: null,
      purchase_ip: null,
      purchase_user_agent: null,
    });
    expect(due).toMatchObject({ process_status: 'Completed', date_of_departure: '2000-01-10' });
    expect(due.anonymised_at).toBe('2000-12-01 00:00:00');
    expect(due.amount).not.toBeNull();
    expect(await t.app.storage.open(dueKey)).toBeNull();
    expect(await t.db('uploaded_documents').where({ order_id: ids.due }).whereNot({ storage_key: '' })).toEqual([]);
    expect(await t.db('download_history').where({ order_id: ids.due }).whereNotNull('ip')).toEqual([]);
    expect(await t.db('order_values').where({ order_id: ids.due, field_id: 'nickname' }).first()).toBeUndefined();

    for (const kept of [ids.recent, ids.chargeback]) {
      expect(await order(kept)).toMatchObject({ passport_number: `P${kept}`, anonymised_at: null });
      expect(await readDocumentBytes(t.app.storage, (await documentOf(kept)).storage_key)).toEqual(pdf);
    }
    const audited = await t.db('audit_events').where({ action: 'retention' }).orderBy('id', 'desc').first();
    expect(JSON.parse(audited.detail)).toMatchObject({ days: 180, orders: 1, held: 1, documents: 1 });

    // The next run finds nothing new; 200 days on, the recent order is due.
    expect(await runRetention(t.app)).toMatchObject({ orders: 0, held: 1 });
    clock.advance({ days: 200 });
    expect(await runRetention(t.app)).toMatchObject({ orders: 1, held: 1 });
    expect(await order(ids.recent)).toMatchObject({ passport_number: null });
    expect((await verifyChain(t.db)).broken).toBeNull();
  });

  it('exports a customer with the commands, refuses their erase under a chargeback and erases once it is closed', async () => {
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-export-')), 'out');
    const customerIds = [ids.customer, ids.customerHeld];
    // The demo orders came with documents (written before encryption) and downloads of their own.
    const documents = await t.db('uploaded_documents').whereIn('order_id', customerIds).pluck('file1');
    const downloads = await t.db('download_history').whereIn('order_id', customerIds).pluck('id');
    const exported = await privacy(t, 'export', [CUSTOMER, folder]);
    expect(exported.code, exported.output).toBe(0);
    expect(exported.output).toContain(`Exported 2 order(s) and ${documents.length} document(s)`);
    expect(fs.readdirSync(path.join(folder, 'documents'))).toHaveLength(documents.length);
    const json = JSON.parse(fs.readFileSync(path.join(folder, 'customer.json'), 'utf8'));
    expect(json.orders.map((o: { order_id: number }) => Number(o.order_id))).toEqual(
      [ids.customer, ids.customerHeld].sort((a, b) => a - b),
    );
    expect(json.downloads).toHaveLength(downloads.length);
    expect(json.customValues[ids.customer]).toContainEqual(
      expect.objectContaining({ source: 'nickname', value: 'Nick customer' }),
    );
    const document = await documentOf(ids.customer);
    expect(fs.readFileSync(path.join(folder, 'documents', `${ids.customer}_${document.file1}`)).equals(pdf)).toBe(true);

    // The command prints this refusal and exits 1 (scripts/privacy.ts); asked in process, as each command start is slow.
    await expect(eraseCustomer(t.app, CUSTOMER)).rejects.toThrow(
      `order ${ids.customerHeld} is held because it is in ChargeBack`,
    );
    expect(await order(ids.customer)).toMatchObject({ anonymised_at: null });

    await t.db('orders').where({ order_id: ids.customerHeld }).update({ process_status: 'Completed' });
    const erased = await privacy(t, 'erase', [CUSTOMER]);
    expect(erased.code, erased.output).toBe(0);
    expect(erased.output).toContain('Erased the personal data of 2 order(s)');
    expect(await order(ids.customer)).toMatchObject({ email: '', passport_number: null });
    expect(await t.app.storage.open(document.storage_key)).toBeNull();
    const actions = await t
      .db('audit_events')
      .whereIn('action', ['privacy-export', 'privacy-erase'])
      .orderBy('id')
      .pluck('action');
    expect(actions).toEqual(['privacy-export', 'privacy-erase']);
    fs.rmSync(path.dirname(folder), { recursive: true, force: true });
  });
});

/**
 * An open dispute holds an order too, where the deployment has a disputes table (order_id, status): asked
 * once per database. On a database of its own, so that the table is this test's, whatever the schema has.
 */
describe('holds by dispute', () => {
  it('holds an order with a dispute needing a response or under review, not one that is closed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-disputes-'));
    const db = createDb({ databaseUrl: '', dataDir });
    try {
      await db.schema.createTable('disputes', (t) => {
        t.increments('id');
        t.bigInteger('order_id').notNullable();
        t.string('status', 20).notNullable();
      });
      await db('disputes').insert([
        { order_id: 1, status: 'needs_response' },
        { order_id: 2, status: 'under_review' },
        { order_id: 3, status: 'won' },
      ]);
      const orders = [1, 2, 3, 4].map((order_id) => ({ order_id, process_status: 'Completed' }));
      orders.push({ order_id: 5, process_status: 'ChargeBack' });
      expect([...(await holdsOf(db, orders))]).toEqual([
        [5, 'it is in ChargeBack'],
        [1, 'it has an open dispute (needs_response)'],
        [2, 'it has an open dispute (under_review)'],
      ]);
    } finally {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
