import { LRUCache } from 'lru-cache';

/**
 * Queue pages as this process last read them, until any order changes. Every staff screen reads the first
 * pages of the same few queues, and a change makes every open screen read them again at once (live
 * events); one read serves them all. The live hub clears the cache when a change commits here and when
 * the bus brings one from another process, before the streams hear of it, so a page read because of an
 * event is read anew. `ttlMs` bounds what a missed clear (a bulk load outside the API) can leave.
 */
export interface PageCache<T> {
  /** The cached value of `key`, or `load()`'s; concurrent misses of one key share one load. */
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  /** Reads served from the cache and reads that had to load, since start (for /metrics). */
  readonly stats: { hits: number; misses: number };
}

/** At most this many pages are kept; the least recently read go first. */
const MAX_ENTRIES = 2_000;

export function createPageCache<T>(ttlMs: number): PageCache<T> {
  const stats = { hits: 0, misses: 0 };
  if (ttlMs <= 0) {
    return {
      stats,
      get(_key, load) {
        stats.misses++;
        return load();
      },
      clear() {},
    };
  }
  // lru-cache's fetch shares one load between concurrent misses and keeps no failed one. A clear aborts
  // the loads under way: `ignoreFetchAbort` still hands their pages to those already waiting, but they
  // are not kept (they may have been read before the change that cleared the cache).
  const pages = new LRUCache<string, { page: T }, () => Promise<T>>({
    max: MAX_ENTRIES,
    ttl: ttlMs,
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context: load }) => ({ page: await load() }),
  });
  return {
    stats,
    async get(key, load) {
      const status: LRUCache.Status<string, { page: T }, () => Promise<T>> = {};
      const read = pages.fetch(key, { context: load, status });
      if (status.fetch === 'hit' || status.fetch === 'inflight') stats.hits++;
      else stats.misses++;
      return (await read)!.page;
    },
    clear() {
      pages.clear();
    },
  };
}
