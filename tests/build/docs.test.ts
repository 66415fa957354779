import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a newcomer meets first: a short README, the docs it points to, comments that cite nothing outside the
 * repository, and no dead code (knip). The repository stands alone: docs/ is where a comment's long "why" lives.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

const README_MAX_LINES = 200;
const DOCS = [
  'docs/product.md',
  'docs/architecture.md',
  'docs/operations.md',
  'docs/configuration.md',
  'docs/extending.md',
  'docs/performance.md',
];
const SOURCE_FOLDERS = ['api', 'admin', 'domain', 'visitor', 'scripts', 'seeds', 'migrations', 'tests'];
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'artifacts']);
/**
 * Citations of documents outside the repository and of issue numbers. Spelt in pieces, so that this file does not
 * cite what it looks for.
 */
const CITATION = new RegExp(
  [`SPEC ${'section'}`, `DESIGN ${'section'}`, `SPEC ${'§'}`, `${'issue'} #?\\d+`].join('|'),
  'i',
);

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE_FILE.test(entry.name) ? [file] : [];
  });
}

describe('what a newcomer reads', () => {
  it(`has a README of at most ${README_MAX_LINES} lines`, () => {
    const lines = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('has every docs/ page the README points to, and decision records', () => {
    const missing = DOCS.filter((doc) => !fs.existsSync(path.join(ROOT, doc)));
    expect(missing).toEqual([]);
    const decisions = fs.readdirSync(path.join(ROOT, 'docs/decisions')).filter((f) => f.endsWith('.md'));
    expect(decisions.length).toBeGreaterThan(1);
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const doc of DOCS) expect(readme).toContain(doc);
  });

  it('cites no document outside the repository and no issue number in source', () => {
    const citations = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (CITATION.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(citations).toEqual([]);
  });

  it('has no unused file, export or dependency (knip)', () => {
    // knip exits non-zero and lists what it found; its output is the failure message.
    const run = () =>
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules/knip/bin/knip.js'), '--no-progress'], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: 'pipe',
        timeout: 120_000,
      });
    let report = '';
    try {
      report = run();
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      report = `${stdout ?? ''}${stderr ?? ''}` || String(error);
    }
    expect(report.trim()).toBe('');
  }, 120_000);
});
