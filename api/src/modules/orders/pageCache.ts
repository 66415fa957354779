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

/** At most this many pages are kept; the oldest go first. */
const MAX_ENTRIES = 2_000;

export function createPageCache<T>(ttlMs: number): PageCache<T> {
  const entries = new Map<string, { value: Promise<T>; until: number }>();
  const stats = { hits: 0, misses: 0 };
  return {
    stats,
    get(key, load) {
      const now = Date.now();
      const hit = ttlMs > 0 ? entries.get(key) : undefined;
      if (hit && hit.until > now) {
        stats.hits++;
        return hit.value;
      }
      stats.misses++;
      if (ttlMs <= 0) return load();
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      const value = load();
      const entry = { value, until: now + ttlMs };
      entries.set(key, entry);
      // A failed read is not kept (and a clear in the meantime has dropped the entry already).
      value.catch(() => entries.get(key) === entry && entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
