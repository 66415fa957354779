import { createParser } from 'eventsource-parser';
import type { LiveEvent } from '@app/domain';

/** One event as it came over the stream: its id, its parsed data, and when it arrived. */
export interface StreamEvent {
  id: string | undefined;
  data: LiveEvent;
  at: number;
}

export interface LiveStreamClient {
  status: number;
  events: StreamEvent[];
  /** Keep-alive comments received. */
  comments: number;
  /** The id of the last event with one (what an EventSource would send as Last-Event-ID). */
  lastId(): string | undefined;
  /** The first event (after those already seen, unless `fromStart`) that matches; fails after `timeoutMs`. */
  next(match: (e: LiveEvent) => boolean, timeoutMs?: number, fromStart?: boolean): Promise<StreamEvent>;
  close(): void;
}

/**
 * GET /api/admin/events as a client reads it (real HTTP, the SSE wire format parsed by eventsource-parser),
 * authenticated by a ticket or by the Authorization header, optionally resuming after `lastEventId`.
 */
export async function openLiveStream(
  baseUrl: string,
  auth: { token?: string; ticket?: string; lastEventId?: string },
): Promise<LiveStreamClient> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (auth.token) headers.authorization = auth.token;
  if (auth.lastEventId) headers['last-event-id'] = auth.lastEventId;
  const url = `${baseUrl}/api/admin/events${auth.ticket ? `?ticket=${auth.ticket}` : ''}`;
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let comments = 0;
  let seen = 0;
  const parser = createParser({
    onEvent(message) {
      events.push({ id: message.id, data: JSON.parse(message.data) as LiveEvent, at: Date.now() });
      for (const wake of waiters) wake();
    },
    onComment() {
      comments++;
    },
  });
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          parser.feed(decoder.decode(chunk, { stream: true }));
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  return {
    status: res.status,
    events,
    get comments() {
      return comments;
    },
    lastId: () => events.findLast((e) => e.id)?.id,
    next(match, timeoutMs = 5000, fromStart = false) {
      return new Promise((resolve, reject) => {
        let index = fromStart ? 0 : seen;
        const check = () => {
          for (; index < events.length; index++) {
            if (match(events[index]!.data)) {
              const found = events[index]!;
              seen = index + 1;
              cleanup();
              resolve(found);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.data))}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
