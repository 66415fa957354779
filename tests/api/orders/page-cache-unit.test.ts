import { describe, expect, it } from 'vitest';
import { createPageCache } from '../../../api/src/modules/orders/pageCache.js';

/** A load the test finishes by hand, counting how often it was asked for. */
function pendingLoad<T>() {
  let finish!: (value: T) => void;
  let fail!: (error: Error) => void;
  const loads = { count: 0 };
  const load = () => {
    loads.count++;
    return new Promise<T>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { load, loads, finish: (value: T) => finish(value), fail: (error: Error) => fail(error) };
}

/** The page cache's own rules (lru-cache underneath), apart from the API that uses it (pageCache.test.ts). */
describe('createPageCache', () => {
  it('shares one load between concurrent reads of a key, then answers from memory', async () => {
    const cache = createPageCache<string>(60_000);
    const pending = pendingLoad<string>();
    const first = cache.get('new', pending.load);
    const second = cache.get('new', pending.load);
    pending.finish('page');
    expect(await Promise.all([first, second])).toEqual(['page', 'page']);
    expect(await cache.get('new', pending.load)).toBe('page');
    expect(pending.loads.count).toBe(1);
    expect(cache.stats).toEqual({ hits: 2, misses: 1 });
  });

  it('keeps no failed load: the next read loads again', async () => {
    const cache = createPageCache<string>(60_000);
    const pending = pendingLoad<string>();
    const failed = cache.get('new', pending.load);
    pending.fail(new Error('database gone'));
    await expect(failed).rejects.toThrow('database gone');
    expect(await cache.get('new', async () => 'page')).toBe('page');
  });

  it('after a clear, a load under way still answers its readers but is not kept', async () => {
    const cache = createPageCache<string>(60_000);
    const pending = pendingLoad<string>();
    const before = cache.get('new', pending.load);
    cache.clear();
    pending.finish('page read before the change');
    expect(await before).toBe('page read before the change');
    expect(await cache.get('new', async () => 'page read after the change')).toBe('page read after the change');
  });

  it('keeps at most 2,000 pages, dropping the least recently read', async () => {
    const cache = createPageCache<number>(60_000);
    for (let page = 0; page <= 2_000; page++) await cache.get(`page ${page}`, async () => page);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('page 2000', load);
    expect(loads).toBe(0);
    await cache.get('page 0', load);
    expect(loads).toBe(1);
  });

  it('with a ttl of 0 loads every read', async () => {
    const cache = createPageCache<number>(0);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('new', load);
    await cache.get('new', load);
    expect(loads).toBe(2);
    expect(cache.stats).toEqual({ hits: 0, misses: 2 });
  });
});
