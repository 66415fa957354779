// Prints each app's initial JavaScript, gzipped, against its budget (docs/performance.md#budgets).
import { BUDGETS_KB, initialJsGzipKb } from './bundle-size.mjs';

for (const [app, budget] of Object.entries(BUDGETS_KB)) {
  const kb = initialJsGzipKb(`${app}/dist`);
  console.log(`${app}: initial JavaScript ${kb} KB gzipped (budget ${budget} KB)${kb > budget ? '  OVER BUDGET' : ''}`);
}
