// Gzipped size of the JavaScript an app's index.html loads at start (scripts and module preloads).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const BUDGETS_KB = { admin: 300, visitor: 80 };

export function initialJsGzipKb(distDir) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const base = html.match(/(?:src|href)="(\/[^/]+\/)assets\//)?.[1] ?? '/';
  const files = new Set(
    [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1].replace(base, '')),
  );
  let bytes = 0;
  for (const file of files) bytes += zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
  return Math.round((bytes / 1024) * 10) / 10;
}
