import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../../helpers/app.js';
import { countersAndRecount } from '../../helpers/consistency.js';
import { createTestDb, dialects, type TestDb } from '../../helpers/db.js';
import { startServerProcess, type ServerProcess } from '../../helpers/serverProcess.js';
import { minimalPdf } from '../../../seeds/generator.js';

const KILLS = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An SMTP server that takes its time over each message (so a kill often lands mid-send) and keeps their Message-IDs. */
async function startSlowSmtp(delayMs: number) {
  const messageIds: string[] = [];
  // Messages received whole whose acceptance is not sent yet: a kill now makes the sender try again.
  const state = { receiving: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      stream.on('end', () => {
        state.receiving++;
        setTimeout(() => {
          messageIds.push(/^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? '');
          state.receiving--;
          callback();
        }, delayMs);
      });
    },
  });
  // A client killed mid-message resets its connection: expected here.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messageIds,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * SIGKILL of the real server process in the middle of uploads, moves and mail sending, then a restart:
 * no half-written order (counters equal a recount, every change has its audit event and mail), no
 * orphaned or half-written file, and every queued mail delivered, duplicates only as the at-least-once
 * resend of a mail a kill interrupted (same Message-ID).
 */
describe.each(dialects())('killing the server on %s', (dialect) => {
  let testDb: TestDb;
  let smtp: Awaited<ReturnType<typeof startSlowSmtp>>;
  let server: ServerProcess | undefined;
  let env: NodeJS.ProcessEnv;
  let firstNewMail = 0;
  let firstNewDocument = 0;
  let uploadPool: number[];
  let movePool: number[];
  let resendPool: number[];
  const uploadsSent: number[] = [];
  const answers: string[] = [];
  let completed = 0;

  beforeAll(async () => {
    testDb = await createTestDb(dialect);
    smtp = await startSlowSmtp(80);
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATA_DIR: testDb.dataDir,
      DATABASE_URL: testDb.databaseUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      MAIL_WORKER: 'true',
      MAIL_AWS_URL: smtp.url,
      MAIL_SENDGRID_URL: smtp.url,
      MAIL_RETRY_BASE_MS: '200',
      LOGIN_RATE_MAX: '1000',
    };
    const db = testDb.db;
    firstNewMail = Number((await db('mail_outbox').max({ id: 'id' }).first())?.id ?? 0) + 1;
    firstNewDocument = Number((await db('uploaded_documents').max({ id: 'id' }).first())?.id ?? 0) + 1;
    uploadPool = await db('orders')
      .where({ process_status: 'New' })
      .whereNotIn('order_id', db('uploaded_documents').select('order_id'))
      .orderBy('order_id')
      .pluck('order_id');
    movePool = await db('orders').whereIn('process_status', ['Awaiting', 'Contact Customer']).pluck('order_id');
    resendPool = await db('uploaded_documents').distinct('order_id').limit(10).pluck('order_id');
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await smtp?.close();
    await testDb?.drop();
  });

  const signIn = async (url: string) => {
    const res = await fetch(`${url}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@demo.test', password: 'demo1234' }),
    });
    return ((await res.json()) as { token: string }).token;
  };

  /** Uploads, moves and resends from a few lanes at once until `stop` says so; failures (the kill) are expected. */
  function traffic(url: string, token: string) {
    let stopped = false;
    const send = (method: string, route: string, body: object | FormData) =>
      fetch(`${url}${route}`, {
        method,
        headers:
          body instanceof FormData
            ? { authorization: token }
            : { authorization: token, 'content-type': 'application/json' },
        body: body instanceof FormData ? body : JSON.stringify(body),
      }).then(async (res) => {
        const text = await res.text();
        answers.push(`${res.status} ${route} ${text.slice(0, 100)}`);
      });
    const lane = async (next: (i: number) => Promise<unknown>) => {
      for (let i = 0; !stopped; i++) {
        try {
          await next(i);
          completed++;
        } catch {
          // The server was killed under this request.
        }
      }
    };
    const upload = async () => {
      await sleep(30);
      const orderId = uploadPool.shift();
      if (orderId === undefined) return sleep(50);
      uploadsSent.push(orderId);
      const form = new FormData();
      form.append('orderId', String(orderId));
      form.append('email', `crash-${orderId}@mail.example`);
      form.append('mailServiceProvider', orderId % 2 ? 'AWS' : 'Sendgrid');
      form.append('uploadVisaDoc', new File([new Uint8Array(minimalPdf([`Order ${orderId}`]))], 'card.pdf'));
      return send('POST', '/api/admin/upload-visa-document', form);
    };
    const targets = ['Contact Customer', 'Awaiting', 'Customer Called'];
    const lanes = [
      lane(upload),
      lane(upload),
      lane((i) =>
        send('PUT', '/api/admin/move-order-status', {
          orderIds: movePool.slice(i % 3, (i % 3) + 4),
          updatingStatus: targets[i % targets.length],
        }),
      ),
      // Resends at a staff member's pace, so that the outbox stays a handful of mails deep.
      lane(async (i) => {
        await sleep(100);
        return send('POST', '/api/admin/resend-mail', {
          orderId: resendPool[i % resendPool.length],
          email: `resend-${i}@mail.example`,
          mailServiceProvider: 'AWS',
        });
      }),
    ];
    return {
      stop: async () => {
        stopped = true;
        await Promise.all(lanes);
      },
    };
  }

  it(`loses and half-writes nothing across ${KILLS} SIGKILLs in the middle of uploads, moves and mail`, async () => {
    for (let kill = 0; kill < KILLS; kill++) {
      server = await startServerProcess(env);
      const token = await signIn(server.url);
      const load = traffic(server.url, token);
      // The first kill lands while a mail is on the wire; the others wherever the traffic is.
      const until = completed + 12 + kill * 5;
      const midSend = () => kill > 0 || smtp.state.receiving > 0;
      const deadline = Date.now() + 20_000;
      while ((completed < until || !midSend()) && Date.now() < deadline) await sleep(5);
      expect(midSend()).toBe(true);
      server.child.kill('SIGKILL');
      await load.stop();
      await server.exited;
    }
    // What a restart some minutes later finds: the claims of the killed mail worker have run out, and
    // pending uploads are past their grace period.
    await testDb.db('mail_outbox').where({ state: 'sending' }).update({ claimed_until: '2000-01-01 00:00:00' });
    const unfinished = await testDb.db('pending_uploads').update({ created_at: '2000-01-01 00:00:00' });

    server = await startServerProcess(env);
    const newMails = () => testDb.db('mail_outbox').where('id', '>=', firstNewMail);
    for (let i = 0; i < 600; i++) {
      const states = await newMails().pluck('state');
      if (states.every((s) => s === 'sent')) break;
      await sleep(100);
    }
    await server.kill('SIGTERM');

    // Until the kill, the server answered every request properly (a 503 would be a busy database: clean).
    expect(answers.filter((a) => a.startsWith('500'))).toEqual([]);

    // Every queued mail was delivered; a copy twice only when a kill cut its first send short.
    const mails = await newMails();
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.filter((m) => m.state !== 'sent')).toEqual([]);
    const stored = new Set(mails.map((m) => m.message_id));
    const received = smtp.messageIds;
    expect(new Set(received)).toEqual(stored);
    // The mail cut short by the first kill came twice, with the same Message-ID; nothing else did.
    expect(received.length - stored.size).toBeGreaterThanOrEqual(1);
    expect(received.length - stored.size).toBeLessThanOrEqual(KILLS);

    // The queue counters equal a recount: no order changed without its counters.
    const { stored: counters, recounted } = await countersAndRecount(testDb.db);
    expect(counters).toEqual(recounted);

    // Every new document came whole: its order completed, its audit event and its approval mail.
    const documents = await testDb.db('uploaded_documents').where('id', '>=', firstNewDocument);
    expect(documents.length).toBeGreaterThan(0);
    for (const doc of documents) {
      const order = await testDb.db('orders').where({ order_id: doc.order_id }).first();
      expect(order).toMatchObject({ process_status: 'Completed', processed_by: 'Demo Manager' });
      const audit = await testDb.db('audit_events').where({ action: 'upload', detail: doc.file1 });
      expect(audit).toHaveLength(1);
      expect(await testDb.db('mail_outbox').where({ document_id: doc.id, kind: 'approval' })).not.toHaveLength(0);
    }
    // An upload the kill cut short left its order as it was: New, without a document.
    const withDocument = new Set(documents.map((d) => Number(d.order_id)));
    const cutShort = uploadsSent.filter((id) => !withDocument.has(id));
    const statuses = await testDb.db('orders').whereIn('order_id', cutShort).pluck('process_status');
    expect(statuses.every((s) => s === 'New')).toBe(true);
    // Every moved order's last move event names its status now.
    for (const orderId of movePool) {
      const order = await testDb.db('orders').where({ order_id: orderId }).first('process_status');
      const last = await testDb
        .db('audit_events')
        .where({ order_id: orderId, action: 'move' })
        .orderBy('id', 'desc')
        .first();
      if (last) expect(last.to_value).toBe(order.process_status);
    }

    // No orphaned, unfinished or missing file.
    const docsDir = path.join(testDb.dataDir, 'uploads', 'docs');
    const files = fs.readdirSync(docsDir);
    expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
    const keys = new Set(await testDb.db('uploaded_documents').pluck('storage_key'));
    expect(files.filter((f) => !keys.has(`docs/${f}`))).toEqual([]);
    expect([...keys].filter((k) => !files.includes(k.slice('docs/'.length)))).toEqual([]);
    expect(await testDb.db('pending_uploads')).toEqual([]);
    console.info(
      `crash on ${dialect}: ${KILLS} SIGKILLs, ${documents.length} uploads (${cutShort.length} cut short, ${unfinished} swept at restart), ${mails.length} mails (${received.length - stored.size} resent after a kill)`,
    );
    // Three server starts (each migrating first) and a mail drain: about 40 s alone, more beside other suites.
  }, 180_000);
});
