import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** ADMIN_DIST_DIR / VISITOR_DIST_DIR serve another build of an app (a test run building its own copy beside another's). */
export const ADMIN_DIST = process.env.ADMIN_DIST_DIR ?? path.join(root, 'admin/dist');
export const VISITOR_DIST = process.env.VISITOR_DIST_DIR ?? path.join(root, 'visitor/dist');

/** '/' and '/admin/*' belong to the admin app; any other non-API path to the visitor app (docs/product.md#visitor-area). */
export const isAdminPath = (url: string) =>
  url === '/' || url === '/admin' || url.startsWith('/admin/') || url.startsWith('/?');

/**
 * Vite names the files under assets/ by their content hash, so a browser may keep them for good; any other
 * file (and index.html, which names the current hashes) is checked again on every load.
 */
const setCacheHeaders = (reply: { setHeader(name: string, value: string): unknown }, filePath: string) =>
  reply.setHeader(
    'cache-control',
    filePath.split(path.sep).includes('assets') ? 'public, max-age=31536000, immutable' : 'no-cache',
  );

/**
 * Serves the built apps, and answers unknown paths: JSON 404 under /api, an app's index.html elsewhere.
 * Both builds write .br/.gz copies of their assets (scripts/vite-precompress.ts), sent as they are.
 */
export default fp(async (app) => {
  const hasAdmin = fs.existsSync(path.join(ADMIN_DIST, 'index.html'));
  const hasVisitor = fs.existsSync(path.join(VISITOR_DIST, 'index.html'));
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: ADMIN_DIST,
      prefix: '/admin/',
      // /admin/ is the dashboard, as /admin is (not a listing of the folder, which answered 403).
      index: ['index.html'],
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
  }
  if (hasVisitor) {
    await app.register(fastifyStatic, {
      root: VISITOR_DIST,
      prefix: '/v/',
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      decorateReply: !hasAdmin,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply
        .code(404)
        .send({ status: 0, message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
    }
    const dist = isAdminPath(request.url) ? (hasAdmin ? ADMIN_DIST : null) : hasVisitor ? VISITOR_DIST : null;
    if (!dist) return reply.code(404).type('text/plain').send('Not built yet: run npm run build');
    return reply
      .code(200)
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(fs.createReadStream(path.join(dist, 'index.html')));
  });
});
