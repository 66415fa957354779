import type { LiveEvent } from '@app/domain';
import { apiCall, apiUrl } from '../providers/httpClient';

/** Waits before reconnecting after the stream drops: 1 s, doubling up to 30 s. */
const retryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * The live event stream (GET /api/admin/events). An EventSource cannot send the token, so each
 * connection first asks for a single-use ticket; after a drop a new ticket carries the last event id,
 * so the server replays what was missed (a new EventSource cannot send Last-Event-ID itself).
 * Answers a function that closes it for good.
 */
export function openLiveStream(onEvent: (event: LiveEvent) => void, onOpen?: (open: boolean) => void): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastId = '';
  let attempt = 0;
  let closed = false;

  const reconnect = () => {
    source?.close();
    source = null;
    onOpen?.(false);
    if (!closed) timer = setTimeout(connect, retryDelay(attempt++));
  };

  async function connect() {
    try {
      const query = lastId ? `?${new URLSearchParams({ lastEventId: lastId })}` : '';
      const answer = await apiCall<{ ticket: string }>(`admin/events/ticket${query}`, { method: 'POST' });
      if (closed) return;
      source = new EventSource(apiUrl(`admin/events?ticket=${answer.data!.ticket}`));
      source.onopen = () => {
        attempt = 0;
        onOpen?.(true);
      };
      source.onmessage = (message: MessageEvent<string>) => {
        if (message.lastEventId) lastId = message.lastEventId;
        onEvent(JSON.parse(message.data) as LiveEvent);
      };
      // The ticket is spent: the browser's own retry would be refused, so a new one is asked for.
      source.onerror = reconnect;
    } catch {
      reconnect();
    }
  }

  void connect();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
  };
}
