import fs from 'node:fs';
import type { TestProject } from 'vitest/node';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser tests need Debian's Chromium; with REQUIRE_BROWSER=1 its absence fails the run instead of skipping. */
export default function setup(project: TestProject) {
  const available = fs.existsSync(CHROMIUM);
  if (!available && process.env.REQUIRE_BROWSER === '1') {
    throw new Error(`REQUIRE_BROWSER=1 but there is no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  }
  if (!available) console.warn(`No Chromium at ${CHROMIUM}: browser tests are skipped.`);
  project.provide('browserAvailable', available);
}
