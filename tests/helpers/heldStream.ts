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
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (auth.token) headers.authorization = auth.token;
  const url = `${baseUrl}/api/admin/events${auth.ticket ? `?ticket=${auth.ticket}` : ''}`;
  const res = await fetch(url, { headers, signal: controller.signal });
  let bytes = 0;
  let done = false;
  const refusal = res.ok ? '' : await res.text();
  const ended = res.ok
    ? (async () => {
        try {
          for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
          done = true;
        } catch {
          // closed by the client: never resolves
          await new Promise(() => {});
        }
      })()
    : Promise.resolve();
  return {
    status: res.status,
    refusal,
    connection: res.headers.get('connection'),
    received: () => bytes,
    ended,
    isEnded: () => done,
    close: () => controller.abort(),
  };
}

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
