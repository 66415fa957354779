import net from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailWorker, type MailWorker } from '../../../api/src/modules/mail/worker.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { freePort, startSmtpServer } from '../../helpers/smtp.js';

const quiet = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An SMTP error with the reply code the server sends. */
const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** A misbehaving SMTP server on `port`, closed (connections and all) by the answer's close(). */
async function startFaultyServer(port: number, options: Partial<SMTPServerOptions>) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    ...options,
  });
  const sockets = new Set<net.Socket>();
  server.server.on('connection', (socket: net.Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A TCP server that accepts and never says a word (an SMTP server hanging before its greeting). */
async function startSilentServer(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

type Faulty = { close(): Promise<void> };

/** The SMTP misbehaviours the mail worker must live through, each on the provider's port. */
const FAULTS: Array<[string, (port: number) => Promise<Faulty>, RegExp]> = [
  [
    'refuses the connection (421)',
    (port) => startFaultyServer(port, { onConnect: (_s, cb) => cb(smtpError(421, 'Service not available')) }),
    /421|Service not available/,
  ],
  [
    'refuses the recipient (550)',
    (port) => startFaultyServer(port, { onRcptTo: (_a, _s, cb) => cb(smtpError(550, 'Mailbox unavailable')) }),
    /550|Mailbox unavailable/,
  ],
  [
    'refuses the message after DATA (554)',
    (port) =>
      startFaultyServer(port, {
        onData(stream, _s, cb) {
          stream.resume();
          stream.on('end', () => cb(smtpError(554, 'Message rejected')));
        },
      }),
    /554|Message rejected/,
  ],
  ['never greets (greeting timeout)', (port) => startSilentServer(port), /Greeting never received|timeout/i],
  [
    'never answers the message (socket timeout)',
    (port) =>
      startFaultyServer(port, {
        onData(stream) {
          stream.resume(); // reads it all and never answers
        },
      }),
    /timeout/i,
  ],
  [
    'disconnects in the middle of the message',
    async (port) => {
      const faulty = await startFaultyServer(port, {
        onData(stream) {
          stream.once('data', () => {
            for (const socket of faulty.sockets) socket.destroy();
          });
        },
      });
      return faulty;
    },
    /closed|ECONNRESET|Connection|EPIPE/i,
  ],
];

describe.each(dialects())('mail worker against a failing SMTP server on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  let token: string;
  const workers: MailWorker[] = [];

  beforeAll(async () => {
    port = await freePort();
    // Short SMTP timeouts through the provider URL, so that the timeouts happen within the test.
    const url = `smtp://127.0.0.1:${port}?connectionTimeout=1500&greetingTimeout=1000&socketTimeout=1000`;
    t = await createTestApp(dialect, { config: { mailAwsUrl: url, mailRetryBaseMs: 0, mailMaxAttempts: 50 } });
    token = await t.login('team@demo.test');
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await t?.close();
  });

  const worker = (options: { pollMs?: number } = {}) => {
    const w = createMailWorker({ db: t.db, config: t.config, storage: t.app.storage, log: quiet, ...options });
    workers.push(w);
    return w;
  };
  const queueMail = async (to: string) => {
    const doc = await t.db('uploaded_documents').orderBy('id', 'desc').first('order_id');
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/admin/resend-mail',
      payload: { orderId: doc.order_id, email: to, mailServiceProvider: 'AWS' },
    });
    expect(res.json().status).toBe(1);
    return t.db('mail_outbox').where({ to_email: to }).first();
  };

  it('keeps the mail queued through every kind of SMTP failure, then sends it exactly once', async () => {
    const mail = await queueMail('faults@mail.example');
    const w = worker();
    for (const [index, [name, start, error]] of FAULTS.entries()) {
      const faulty = await start(port);
      try {
        // The round ends (no throw, no hang) with the mail given back for a later try.
        expect(await w.runOnce(), name).toBe(1);
      } finally {
        await faulty.close();
      }
      const row = await t.db('mail_outbox').where({ id: mail.id }).first();
      expect(row, name).toMatchObject({ state: 'queued', attempts: index + 1, claimed_by: null, sent_at: null });
      expect(row.last_error, name).toMatch(error);
    }
    const good = await startSmtpServer(port);
    try {
      expect(await w.runOnce()).toBe(1);
      expect(await w.runOnce()).toBe(0);
      expect(good.messages.map((m) => m.envelopeTo)).toEqual([['faults@mail.example']]);
      const row = await t.db('mail_outbox').where({ id: mail.id }).first();
      expect(row).toMatchObject({ state: 'sent', attempts: FAULTS.length + 1, last_error: null });
      expect(row.message_id).toBe(good.messages[0]!.messageId);
    } finally {
      await good.close();
    }
  });

  it('keeps polling while the server misbehaves, and delivers once it is back', async () => {
    const mail = await queueMail('running@mail.example');
    const w = worker({ pollMs: 50 });
    w.start();
    const faulty = await FAULTS[5]![1](port);
    await sleep(1500);
    await faulty.close();
    const failed = await t.db('mail_outbox').where({ id: mail.id }).first();
    // Tried again and again (it may be in the middle of one more try right now), never given up.
    expect(['queued', 'sending']).toContain(failed.state);
    expect(failed.attempts).toBeGreaterThanOrEqual(2);

    const good = await startSmtpServer(port);
    try {
      for (let i = 0; i < 100 && good.messages.length === 0; i++) await sleep(50);
      await w.stop();
      expect(good.messages.map((m) => m.envelopeTo)).toEqual([['running@mail.example']]);
      expect(await t.db('mail_outbox').where({ id: mail.id }).first()).toMatchObject({ state: 'sent' });
    } finally {
      await good.close();
    }
  });
});
