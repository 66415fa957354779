import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../api/src/core/passwords.js';
import { createTestDb, dialects, type TestDb } from '../../helpers/db.js';
import { flood, openFloodSocket, percentile, timedRequest, type FloodSocket } from '../../helpers/flood.js';
import { startServerProcess, type ServerProcess } from '../../helpers/serverProcess.js';

/** Production needs the documents' key too (64 hex digits). */
const DATA_KEY = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

/**
 * On the real server in production mode: 1,000 sockets from
 * one address holding live streams, or trickling sign-in bodies, take only what one address may
 * (CONNECTIONS_PER_ADDRESS, 5 streams per member), while /api/health and a sign-in from another
 * address keep answering. The other address is 127.0.0.2: Linux routes all of 127/8 to loopback.
 */
const FLOOD = 1000;
const BODY_TIMEOUT_MS = 4000;
const OTHER_ADDRESS = '127.0.0.2';
const EMAIL = 'night.staff@example.test';
const PASSWORD = 'flood-test-password-1';

describe.each(dialects())('floods from one address on %s, production', (dialect) => {
  let testDb: TestDb;
  let server: ServerProcess;
  let port: number;
  const sockets: FloodSocket[] = [];

  beforeAll(async () => {
    testDb = await createTestDb(dialect, { seed: false });
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    await testDb.db('team_members').insert({
      name: 'Night Staff',
      email: EMAIL,
      password_hash: await hashPassword(PASSWORD),
      type: 'Night Staff',
      created_at: now,
      updated_at: now,
    });
    server = await startServerProcess({
      NODE_ENV: 'production',
      DATA_KEY,
      JWT_SECRET: crypto.randomBytes(48).toString('base64url'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      DATA_DIR: testDb.dataDir,
      DATABASE_URL: testDb.databaseUrl,
      MAIL_WORKER: 'false',
      REDIS_URL: '',
      BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
    });
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.destroy();
    await Promise.all(sockets.map((s) => s.closedAt));
    await server?.kill();
    await testDb?.drop();
  });

  const signIn = () =>
    timedRequest(port, OTHER_ADDRESS, {
      method: 'POST',
      path: '/api/admin/admin-login',
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });

  /** /api/health and sign-in from the other address, `rounds` times each: all must answer 200. */
  async function serveOthers(rounds: number) {
    const health: number[] = [];
    const signIns: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const h = await timedRequest(port, OTHER_ADDRESS, { path: '/api/health' });
      expect(h.status).toBe(200);
      health.push(h.ms);
      if (i % 4 === 0) {
        const s = await signIn();
        expect(s.status, s.body).toBe(200);
        signIns.push(s.ms);
      }
    }
    const figures = (ms: number[]) =>
      `p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms`;
    return { health, signIns, text: `health ${figures(health)}; sign-in ${figures(signIns)} (${signIns.length})` };
  }

  const tally = async (flooded: FloodSocket[]) => {
    const outcomes = await Promise.all(flooded.map((s) => s.outcome));
    const count = (o: number | 'closed') => outcomes.filter((x) => x === o).length;
    return { streams: count(200), tooMany: count(429), closed: count('closed'), timedOut: count(408) };
  };

  it(`holds ${FLOOD} live streams of one member from one address to what they may have, and serves others`, async () => {
    const login = await signIn();
    expect(login.status).toBe(200);
    const token = JSON.parse(login.body).token as string;
    const request = `GET /api/admin/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nAuthorization: ${token}\r\n\r\n`;
    const flooded = await flood(FLOOD, () => openFloodSocket(port, request));
    sockets.push(...flooded);
    const { streams, tooMany, closed } = await tally(flooded);
    // Every refused socket closed by the server (429 says Connection: close): only the streams stay.
    await Promise.all(flooded.map(async (s) => ((await s.outcome) === 200 ? undefined : s.closedAt)));
    const held = flooded.filter((s) => !s.socket.destroyed).length;
    const others = await serveOthers(40);
    console.info(
      `${dialect}: ${FLOOD} stream sockets from one address: ${held} held (${streams} streams), ${tooMany} refused ` +
        `with 429, ${closed} closed at accept; from ${OTHER_ADDRESS} meanwhile: ${others.text} ` +
        `(a sign-in before the flood: ${login.ms.toFixed(1)} ms)`,
    );
    expect([streams, held]).toEqual([5, 5]);
    expect(tooMany + closed).toBe(FLOOD - 5);
    // Generous bounds (two shared cores): the aim is under 100 ms, logged above.
    for (const ms of others.health) expect(ms).toBeLessThan(1000);
    // A sign-in also hashes (scrypt, some 70 ms alone on this machine).
    for (const ms of others.signIns) expect(ms).toBeLessThan(2000);

    // Stream tickets: 30 a minute per member, then 429.
    const tickets = [];
    for (let i = 0; i < 31; i++) {
      const ticket = await timedRequest(port, OTHER_ADDRESS, {
        method: 'POST',
        path: '/api/admin/events/ticket',
        headers: { authorization: token },
      });
      tickets.push(ticket.status);
    }
    expect(tickets).toEqual([...Array(30).fill(200), 429]);

    for (const s of flooded) s.socket.destroy();
    await Promise.all(flooded.map((s) => s.closedAt));
  });

  it(`cuts ${FLOOD} trickling sign-in bodies from one address at BODY_TIMEOUT_MS with 408, and serves others meanwhile`, async () => {
    const login = await signIn();
    const token = JSON.parse(login.body).token as string;
    const slowBody = (authorization = '') =>
      openFloodSocket(
        port,
        'POST /api/admin/admin-login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `${authorization ? `Authorization: ${authorization}\r\n` : ''}Content-Length: 900000\r\n\r\n{`,
        { trickle: ' ', trickleMs: 1000 },
      );
    // A signed-in client's slow body (an upload over a slow line) keeps REQUEST_TIMEOUT_MS: opened first.
    const signedIn = slowBody(token);
    sockets.push(signedIn);
    const flooded = await flood(FLOOD - 1, () => slowBody());
    sockets.push(...flooded);
    const others = await serveOthers(24);
    const { timedOut, closed } = await tally(flooded);
    await Promise.all(flooded.map((s) => s.closedAt));
    const lifetimes = await Promise.all(
      flooded.map(async (s) => ((await s.outcome) === 408 ? (await s.closedAt) - s.openedAt : null)),
    );
    const cut = lifetimes.filter((ms): ms is number => ms !== null);
    console.info(
      `${dialect}: ${FLOOD} slow sign-in bodies from one address: ${cut.length} held, then answered 408 after ` +
        `${Math.min(...cut)}-${Math.max(...cut)} ms, ${closed} closed at accept; from ${OTHER_ADDRESS} meanwhile: ${others.text}`,
    );
    expect(timedOut + closed).toBe(FLOOD - 1);
    expect(timedOut).toBeLessThanOrEqual(100);
    expect(Math.min(...cut)).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    // Long before REQUEST_TIMEOUT_MS (120 s): the anonymous deadline cut them.
    expect(Math.max(...cut)).toBeLessThan(BODY_TIMEOUT_MS + 10_000);
    for (const ms of others.health) expect(ms).toBeLessThan(1000);
    // A sign-in also hashes (scrypt, some 70 ms alone on this machine).
    for (const ms of others.signIns) expect(ms).toBeLessThan(2000);
    // Still open once every anonymous one was cut.
    expect(signedIn.socket.destroyed).toBe(false);
    signedIn.socket.destroy();
  });
});
