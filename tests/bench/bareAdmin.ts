/**
 * The bare react-admin app of tests/bench/bare-admin, built as the admin is and served as the API server
 * serves the admin (@fastify/static, precompressed, hashed assets immutable), its /api calls passed to
 * the real server unchanged: the baseline that `npm run bench:admin` reads the admin's cold loads against.
 */
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const DIST = path.join(HERE, 'bare-admin/dist');

export async function startBareAdmin(apiUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  execFileSync(
    'npx',
    ['vite', 'build', '--config', path.join(ROOT, 'admin/vite.bare.config.ts'), '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  const app = Fastify();
  await app.register(fastifyStatic, {
    root: DIST,
    prefix: '/bare/',
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) =>
      reply.setHeader(
        'cache-control',
        filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ),
  });
  app.get('/bare', (_request, reply) => reply.sendFile('index.html'));
  // Every non-asset path under /bare is the app's index.html, as the real server answers /admin/*.
  app.setNotFoundHandler((request, reply) =>
    request.url.startsWith('/bare')
      ? reply.header('cache-control', 'no-cache').sendFile('index.html')
      : reply.code(404).send(),
  );
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.all('/api/*', async (request, reply) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
        headers.set(name, value);
    }
    const answer = await fetch(`${apiUrl}${request.url}`, {
      method: request.method,
      headers,
      body: ['GET', 'HEAD'].includes(request.method) ? undefined : new Uint8Array(request.body as Buffer),
    });
    reply.code(answer.status);
    answer.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
        reply.header(name, value);
    });
    return reply.send(Buffer.from(await answer.arrayBuffer()));
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/bare`, close: () => app.close() };
}
