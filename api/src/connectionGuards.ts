import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';

/**
 * Connections one address holds at once on this server: past `max`, a new one is closed at once, so
 * that one client (a flood of sockets, of slow bodies or of streams) cannot take the connections
 * MAX_CONNECTIONS leaves everybody else. Counted at accept, per process.
 */
export function limitConnectionsPerAddress(server: Server, max: number) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = open.get(address)! - 1;
      if (left) open.set(address, left);
      else open.delete(address);
    });
  });
}

const TOO_SLOW = JSON.stringify({
  status: 0,
  message: 'The request took too long to arrive. Please try again.',
});

/**
 * A request that has a body and no valid token (sign-in, the visitor's and the webhooks' calls) must
 * send it whole within `timeoutMs`: such a body is small, and a client trickling it holds a connection
 * for nothing. Answered 408 and closed, as Node's own request timeout does. Signed-in staff keep
 * REQUEST_TIMEOUT_MS (an upload over a slow line).
 */
export function limitAnonymousBodyTime(app: FastifyInstance, timeoutMs: number) {
  const hasValidToken = (header: string | undefined) => {
    if (!header) return false;
    try {
      app.jwt.verify(header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim());
      return true;
    } catch {
      return false;
    }
  };
  app.server.on('request', (request, response: ServerResponse) => {
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || !!request.headers['transfer-encoding'];
    if (!hasBody || hasValidToken(request.headers.authorization)) return;
    const timer = setTimeout(() => {
      if (request.complete || response.headersSent) return;
      // On the socket, not through the response: the app still owns that one, and its late answer to
      // the cut body then goes nowhere instead of being refused as a second reply.
      const socket = request.socket;
      socket.end(
        'HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(TOO_SLOW)}\r\nConnection: close\r\n\r\n${TOO_SLOW}`,
        () => socket.destroy(),
      );
    }, timeoutMs);
    const stop = () => clearTimeout(timer);
    request.once('end', stop);
    response.once('finish', stop);
    response.once('close', stop);
  });
}

/** Both guards, as configured (server.ts, before listening). */
export function guardConnections(app: FastifyInstance, config: AppConfig) {
  if (config.connectionsPerAddress > 0) limitConnectionsPerAddress(app.server, config.connectionsPerAddress);
  limitAnonymousBodyTime(app, config.bodyTimeoutMs);
}
