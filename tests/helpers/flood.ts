import http from 'node:http';
import net from 'node:net';

/** What became of one flooding socket. */
export type FloodOutcome =
  /** Closed by the server before it answered anything (refused at accept, or cut). */
  | 'closed'
  /** Answered with this status code (the stream's 200 stays open). */
  | number;

export interface FloodSocket {
  socket: net.Socket;
  openedAt: number;
  /** The first thing that happened: a status line, or a close with none. */
  outcome: Promise<FloodOutcome>;
  closedAt: Promise<number>;
}

/**
 * A raw client socket from 127.0.0.1 that sends `head` (a request, or a request's start) and then
 * `trickle` once every `trickleMs` until the server closes it or the test does.
 */
export function openFloodSocket(
  port: number,
  head: string,
  { trickle = '', trickleMs = 1000 }: { trickle?: string; trickleMs?: number } = {},
): FloodSocket {
  const socket = net.connect({ port, host: '127.0.0.1' });
  const openedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let received = '';
  socket.on('error', () => {});
  socket.once('connect', () => {
    socket.write(head);
    if (trickle) timer = setInterval(() => socket.write(trickle), trickleMs);
  });
  const closedAt = new Promise<number>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve(Date.now());
    }),
  );
  const outcome = new Promise<FloodOutcome>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status) resolve(Number(status[1]));
    });
    void closedAt.then(() => resolve('closed'));
  });
  return { socket, openedAt, outcome, closedAt };
}

/** Opens `count` flooding sockets, `batch` at a time (each batch connected before the next starts). */
export async function flood(count: number, open: () => FloodSocket, batch = 100): Promise<FloodSocket[]> {
  const sockets: FloodSocket[] = [];
  while (sockets.length < count) {
    const round = Array.from({ length: Math.min(batch, count - sockets.length) }, open);
    await settle(round);
    sockets.push(...round);
  }
  return sockets;
}

/** Resolves once every socket of the round has connected or closed. */
const settle = (round: FloodSocket[]) =>
  Promise.all(
    round.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (!s.socket.connecting) return resolve();
          s.socket.once('connect', () => resolve());
          s.socket.once('close', () => resolve());
        }),
    ),
  );

export interface TimedAnswer {
  status: number;
  body: string;
  ms: number;
}

/** One request on a new connection from `localAddress` (another loopback address than the flood's), timed. */
export function timedRequest(
  port: number,
  localAddress: string,
  {
    method = 'GET',
    path,
    body,
    headers = {},
  }: { method?: string; path: string; body?: string; headers?: Record<string, string> },
): Promise<TimedAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method,
        path,
        agent: false,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        timeout: 10_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, body: text, ms: performance.now() - started }),
        );
      },
    );
    request.once('timeout', () =>
      request.destroy(new Error(`${method} ${path} from ${localAddress}: no answer in 10 s`)),
    );
    request.once('error', reject);
    request.end(body);
  });
}

/** The p-th percentile (0..100) of some figures. */
export function percentile(figures: number[], p: number): number {
  const sorted = [...figures].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}
