import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** tests/api/<module>/ mirrors api/src/modules/<module>/ (tests/README.md), so a module's tests are found beside each other. */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TESTS = path.join(ROOT, 'tests/api');
const folders = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const MODULES = folders(path.join(ROOT, 'api/src/modules'));
/** Code outside the modules, each under its own name, and the three suites that cut across every area. */
const OUTSIDE_MODULES = ['app', 'core', 'db', 'storage', 'migrations', 'seeds', 'security', 'hardening', 'faults'];

describe('tests/api', () => {
  it('holds no test file outside a folder', () => {
    expect(fs.readdirSync(TESTS).filter((name) => name.endsWith('.test.ts'))).toEqual([]);
  });

  it('names each folder after a module of api/src/modules or a place outside them', () => {
    const allowed = new Set([...MODULES, ...OUTSIDE_MODULES]);
    expect(folders(TESTS).filter((folder) => !allowed.has(folder))).toEqual([]);
  });
});
