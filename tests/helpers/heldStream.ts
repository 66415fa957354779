import http from 'node:http';
/**
 * GET /api/admin/events held open as a client holds it, to see whether the server refuses it and
 * when the server ends it. (tests/helpers/liveStream.ts reads the events themselves.)
 */
export interface HeldStream {
  status: number;
  /** The answer's body when the stream was refused; '' otherwise. */
  refusal: string;
  /** The answer's Connection header. */
  connection: string | null;
  /** Bytes received so far (headers of the stream and keep-alive comments included). */
  received(): number;
  /** Resolves when the server ends the stream (never when the client closes it). */
  ended: Promise<void>;
  isEnded(): boolean;
  close(): void;
}

export async function holdStream(baseUrl: string, auth: { token?: string; ticket?: string }): Promise<HeldStream> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (auth.token) headers.authorization = auth.token;
  const url = `${baseUrl}/api/admin/events${auth.ticket ? `?ticket=${auth.ticket}` : ''}`;
  // A socket of its own, not kept alive (fetch's pool holds an idle socket for 4 s): a closed stream's
  // connection ends at once, so a test can wait for the server to have none.
  const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(url, { headers, agent: false }, resolve).on('error', reject),
  );
  let bytes = 0;
  let done = false;
  const ok = res.statusCode === 200;
  const refusal = ok ? '' : await text(res);
  const ended = ok
    ? new Promise<void>((resolve) => {
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        // Ended by the server; a stream the client closed never resolves.
        res.on('end', () => {
          done = true;
          resolve();
        });
      })
    : Promise.resolve();
  return {
    status: res.statusCode ?? 0,
    refusal,
    connection: res.headers.connection ?? null,
    received: () => bytes,
    ended,
    isEnded: () => done,
    close: () => res.destroy(),
  };
}

const text = async (res: http.IncomingMessage) => {
  let body = '';
  for await (const chunk of res) body += String(chunk);
  return body;
};

/** Retries `attempt` until it answers something, for up to `timeoutMs`: a state reached, not a time waited. */
export async function eventually<T>(attempt: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await attempt();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
