import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The entry script an app's index.html loads first, as a URL path. */
function entryScript(app: 'admin' | 'visitor'): string {
  const html = fs.readFileSync(path.join(app, 'dist', 'index.html'), 'utf8');
  return html.match(/<script[^>]+src="([^"]+\.js)"/)![1]!;
}

/** The built apps as the server sends them: compressed when the browser accepts it, hashed files kept for good. */
describe('static assets of the built apps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false });
  });
  afterAll(async () => t?.close());

  it.each(['admin', 'visitor'] as const)('%s: the entry script goes brotli or gzip, immutable', async (app) => {
    const url = entryScript(app);
    const plain = fs.readFileSync(path.join(app, 'dist', url.replace(/^\/(admin|v)\//, '')));
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain)).toBe(true);
    // A third of the bytes or less: the admin's main chunk was sent as 709 KB.
    expect(br.rawPayload.length).toBeLessThan(plain.length / 3);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(plain)).toBe(true);

    const identity = await t.app.inject({ method: 'GET', url });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(plain)).toBe(true);
  });

  it.each(['/admin', '/admin/', '/admin/manage-team', '/', '/track-order/abc'])(
    '%s: index.html is checked again on every load',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );
});
