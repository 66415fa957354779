import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { startServerProcess, type ServerProcess } from '../../helpers/serverProcess.js';

/**
 * A socket that sends headers and part of a body, or its headers a byte at a
 * time, is closed once the request or header timeout runs out, and /api/health keeps answering
 * meanwhile; connections over the cap are refused at once.
 */

const SLOW_SOCKETS = 400;
const REQUEST_TIMEOUT_MS = 3000;
const HEADERS_TIMEOUT_MS = 2000;

interface SlowSocket {
  openedAt: number;
  closedAt: Promise<number>;
  socket: net.Socket;
}

/** A client that keeps trickling bytes (so no idle timeout applies) and never finishes its request. */
function openSlowSocket(port: number, kind: 'body' | 'headers'): Promise<SlowSocket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const openedAt = Date.now();
    let trickle: NodeJS.Timeout;
    const closedAt = new Promise<number>((done) =>
      socket.once('close', () => {
        clearInterval(trickle);
        done(Date.now());
      }),
    );
    socket.on('error', () => {});
    socket.once('connect', () => {
      if (kind === 'body') {
        socket.write(
          'POST /api/admin/admin-login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            'Content-Length: 100000\r\n\r\n{"email":"',
        );
        trickle = setInterval(() => socket.write('a'), 500);
      } else {
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
        trickle = setInterval(() => socket.write('X-Slow: 1\r\n'), 500);
      }
      resolve({ openedAt, closedAt, socket });
    });
    socket.once('error', reject);
  });
}

describe('slow clients', () => {
  // The real server in its own process, so that the clients' work here does not slow it down.
  let server: ServerProcess;
  let port: number;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-slow-'));
  beforeAll(async () => {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MAIL_WORKER: 'false',
      LOG_LEVEL: 'warn',
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      // Every socket here comes from one address: this test is about the timeouts, not the per-address cap.
      CONNECTIONS_PER_ADDRESS: String(SLOW_SOCKETS + 10),
    });
    port = Number(new URL(server.url).port);
    for (let i = 0; i < 5; i++) await fetch(`${server.url}/api/health`);
  });
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`closes ${SLOW_SOCKETS} slow sockets after the timeouts while /api/health keeps answering`, async () => {
    const sockets = await Promise.all(
      Array.from({ length: SLOW_SOCKETS }, (_, i) => openSlowSocket(port, i % 2 ? 'headers' : 'body')),
    );
    const latencies: number[] = [];
    let allClosed = false;
    const closing = Promise.all(sockets.map((s) => s.closedAt)).then((times) => {
      allClosed = true;
      return times;
    });
    const deadline = Date.now() + REQUEST_TIMEOUT_MS + 10_000;
    while (!allClosed && Date.now() < deadline) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/health`);
      latencies.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const closedAt = await Promise.race([
      closing,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('slow sockets still open')), 5000)),
    ]);
    const lifetimes = closedAt.map((at, i) => at - sockets[i]!.openedAt);
    const body = lifetimes.filter((_, i) => i % 2 === 0);
    const headers = lifetimes.filter((_, i) => i % 2 === 1);
    const sorted = [...latencies].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)]!;
    console.info(
      `slow sockets: ${SLOW_SOCKETS} (half slow bodies, half slow headers); bodies closed after ` +
        `${Math.min(...body)}-${Math.max(...body)} ms, headers after ${Math.min(...headers)}-${Math.max(...headers)} ms; ` +
        `/api/health meanwhile: ${latencies.length} requests, p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, ` +
        `p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
    );
    // Closed by the timeouts (checked every second), not before them and not long after.
    expect(Math.min(...body)).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    // Generous: this machine's two cores are shared with other runs.
    expect(Math.max(...body)).toBeLessThan(REQUEST_TIMEOUT_MS + 10_000);
    expect(Math.min(...headers)).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(Math.max(...headers)).toBeLessThan(HEADERS_TIMEOUT_MS + 10_000);
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    expect(p95).toBeLessThan(3000);
  });
});

describe('connection cap', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { maxConnections: 20 });
  });
  afterAll(() => server?.close());

  it('refuses connections over the cap at once and serves again when they go', async () => {
    const port = Number(new URL(server.url).port);
    const held = await Promise.all(Array.from({ length: 20 }, () => openSlowSocket(port, 'body')));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const extra = await openSlowSocket(port, 'body');
    const started = Date.now();
    await extra.closedAt;
    expect(Date.now() - started).toBeLessThan(1000);
    for (const s of held) s.socket.destroy();
    await Promise.all(held.map((s) => s.closedAt));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
