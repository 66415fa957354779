import { describe, expect, it } from 'vitest';
import { BUDGETS_KB, initialJsGzipKb } from '../../scripts/bundle-size.mjs';

/** Initial JavaScript budgets, on the build that npm test made first. */
describe('bundle budgets', () => {
  it.each(Object.entries(BUDGETS_KB))('%s initial JavaScript is within %s KB gzipped', (app, budget) => {
    const kb = initialJsGzipKb(`${app}/dist`);
    expect(kb).toBeGreaterThan(10);
    expect(kb).toBeLessThanOrEqual(budget);
  });
});
