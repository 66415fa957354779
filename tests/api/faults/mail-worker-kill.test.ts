import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { enqueueMail } from '../../../api/src/modules/mail/outbox.js';
import { TEST_JWT_SECRET } from '../../helpers/app.js';
import { createTestDb, type TestDb } from '../../helpers/db.js';
import { startSmtpServer } from '../../helpers/smtp.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Polls `check` until it answers true (a state, not a time); fails after `timeoutMs`. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** What the tests read of an SMTP server: the Subject and Message-ID of every message it took. */
interface Inbox {
  url: string;
  messages: Array<{ subject: string; messageId: string }>;
  close(): Promise<void>;
}

/**
 * An SMTP server that takes message number `holdAt` whole and then never answers its 250: the state of
 * a worker killed after the server has the mail and before the worker has recorded it as sent.
 */
async function startHoldingSmtp(holdAt: number): Promise<Inbox & { holding: () => boolean }> {
  const messages: Inbox['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      stream.on('end', () => {
        const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw)?.[1]?.trim() ?? '';
        messages.push({ subject: header('subject'), messageId: header('message-id') });
        if (messages.length !== holdAt) callback();
      });
    },
  });
  // The killed worker's connection resets: expected.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    holding: () => messages.length >= holdAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * `npm run mail-worker` (api/src/mail-worker.ts) as a child process, SIGKILLed while it sends a batch
 * to a real SMTP server, then started again. The worker claims one row right before sending it, so the
 * dead worker holds one row at most (the one on the wire) and every other mail goes out at once from
 * the next worker, once. The one on the wire is sent again once its claim runs out: if the server had
 * taken it before the kill, it arrives twice, with the same Message-ID (at-least-once, the only
 * window being between the server's 250 and the worker's UPDATE).
 */
describe.runIf(inject('mysqlAvailable'))('the mail worker killed mid-batch', () => {
  let testDb: TestDb;
  let orderId: number;
  const workers: ChildProcess[] = [];
  const inboxes: Inbox[] = [];

  const startWorker = (smtpUrl: string) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/mail-worker.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: testDb.dataDir,
        DATABASE_URL: testDb.databaseUrl,
        JWT_SECRET: TEST_JWT_SECRET,
        MAIL_AWS_URL: smtpUrl,
        MAIL_SENDGRID_URL: smtpUrl,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    workers.push(child);
    return child;
  };
  const stop = async (child: ChildProcess, signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };

  beforeAll(async () => {
    testDb = await createTestDb('mysql');
    // The demo's own mails are done with: the outbox holds this test's mails only.
    await testDb.db('mail_outbox').whereIn('state', ['queued', 'sending']).update({ state: 'failed' });
    orderId = Number((await testDb.db('orders').orderBy('order_id').first('order_id')).order_id);
  }, 60_000);
  afterAll(async () => {
    for (const child of workers) await stop(child, 'SIGKILL');
    for (const inbox of inboxes) await inbox.close();
    await testDb?.drop();
  });

  /** Queues `count` mails whose subjects start with `prefix`; answers the query of their rows. */
  async function queue(prefix: string, count: number) {
    await testDb.db.transaction(async (trx) => {
      for (let i = 0; i < count; i++) {
        await enqueueMail(trx, {
          orderId,
          kind: 'refund',
          provider: i % 2 ? 'AWS' : 'Sendgrid',
          to: `kill-${i}@mail.example`,
          subject: `${prefix} ${i}`,
          payload: { orderId },
        });
      }
    });
    return () => testDb.db('mail_outbox').where('subject', 'like', `${prefix} %`);
  }

  /**
   * Runs the worker against `inbox` until `killWhen`, SIGKILLs it, records what it held, starts it
   * again (after its lease: moved here, not waited for) and waits until every row is sent.
   */
  async function killAndRestart(
    rows: () => ReturnType<TestDb['db']>,
    inbox: Inbox,
    killWhen: () => boolean,
    finishWith: Inbox = inbox,
  ) {
    const started = Date.now();
    const first = startWorker(inbox.url);
    await until('the worker is mid-batch', killWhen);
    await stop(first, 'SIGKILL');
    const killedAfter = Date.now() - started;
    const receivedAtKill = inbox.messages.length;
    const inFlight: Array<{ id: number; subject: string }> = await rows().where({ state: 'sending' });
    // Every mail the server took is marked sent, but for the one on the wire.
    const markedSent = new Set(await rows().where({ state: 'sent' }).pluck('subject'));
    const takenNotMarked = inbox.messages.filter((m) => !markedSent.has(m.subject)).map((m) => m.subject);

    await rows()
      .whereIn(
        'id',
        inFlight.map((row) => row.id),
      )
      .update({ claimed_until: '2000-01-01 00:00:00' });
    const restarted = Date.now();
    const second = startWorker(finishWith.url);
    await until(
      'every mail is sent',
      async () => Number((await rows().whereNot({ state: 'sent' }).count({ n: '*' }).first())?.n) === 0,
    );
    const finishedIn = Date.now() - restarted;
    await stop(second, 'SIGTERM');

    const sent: Array<{ id: number; state: string; message_id: string | null }> = await rows().orderBy('id');
    const times = new Map<string, number>();
    for (const m of [...inbox.messages, ...(finishWith === inbox ? [] : finishWith.messages)]) {
      times.set(m.messageId, (times.get(m.messageId) ?? 0) + 1);
    }
    const twice = [...times].filter(([, n]) => n > 1).map(([id]) => id);
    const inFlightIds = sent.filter((r) => inFlight.some((f) => f.id === r.id)).map((r) => String(r.message_id));
    return { sent, times, twice, inFlight, inFlightIds, takenNotMarked, receivedAtKill, killedAfter, finishedIn };
  }

  it('sends 200 mails once each across a SIGKILL while it sends; only the one on the wire could come twice', async () => {
    const MAILS = 200;
    const rows = await queue('Kill test', MAILS);
    const smtp = await startSmtpServer();
    inboxes.push(smtp);
    const run = await killAndRestart(rows, smtp, () => smtp.messages.length >= 70);
    expect(run.receivedAtKill).toBeLessThan(MAILS);
    // What the dead worker held: the one row it was sending at most, no batch claimed ahead.
    expect(run.inFlight.length).toBeLessThanOrEqual(1);
    expect(run.takenNotMarked.every((subject) => run.inFlight.some((row) => row.subject === subject))).toBe(true);

    expect(run.sent).toHaveLength(MAILS);
    expect(run.sent.filter((r) => r.state !== 'sent' || !r.message_id)).toEqual([]);
    // Every row's Message-ID reached the server; twice at most the one on the wire at the kill.
    expect([...run.times.keys()].sort()).toEqual(run.sent.map((r) => String(r.message_id)).sort());
    expect(run.twice.every((id) => run.inFlightIds.includes(id))).toBe(true);
    expect([...run.times.values()].every((n) => n <= 2)).toBe(true);
    console.info(
      `mail worker kill while sending: ${MAILS} mails queued, ${run.receivedAtKill} received before the SIGKILL ` +
        `(${run.killedAfter} ms after the start), ${run.inFlight.length} in flight at the kill, ` +
        `${run.twice.length} received twice; the restarted worker sent the rest in ${run.finishedIn} ms`,
    );
  }, 300_000);

  it("sends again, with the same Message-ID, only the mail the server took just before the kill, before the worker's UPDATE", async () => {
    const MAILS = 40;
    const HOLD_AT = 25;
    const rows = await queue('Window test', MAILS);
    const holding = await startHoldingSmtp(HOLD_AT);
    const smtp = await startSmtpServer();
    inboxes.push(holding, smtp);
    const run = await killAndRestart(rows, holding, holding.holding, smtp);
    // The worker died waiting for the 250 of mail HOLD_AT: that row only is in flight, taken but not marked.
    expect(run.inFlight.map((r) => r.subject)).toEqual([holding.messages[HOLD_AT - 1]!.subject]);
    expect(run.takenNotMarked).toEqual([holding.messages[HOLD_AT - 1]!.subject]);

    expect(run.sent.filter((r) => r.state !== 'sent')).toEqual([]);
    expect([...run.times.keys()].sort()).toEqual(run.sent.map((r) => String(r.message_id)).sort());
    // That one mail arrived twice, with one Message-ID (receivers drop the copy); every other mail once.
    expect(run.twice).toEqual(run.inFlightIds);
    expect([...run.times.values()].filter((n) => n !== 1)).toEqual([2]);
    console.info(
      `mail worker kill between the 250 and the UPDATE: ${MAILS} mails, ${run.inFlight.length} in flight, ` +
        `${run.twice.length} received twice (same Message-ID); the restarted worker sent the rest in ${run.finishedIn} ms`,
    );
  }, 300_000);
});
