import net from 'node:net';
import type { TestProject } from 'vitest/node';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Answers whether Redis replies to PING within 3 s. */
function ping(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(3000, () => fail(new Error('timed out')));
    socket.on('error', fail);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      socket.end();
      if (data.toString().startsWith('+PONG')) resolve();
      else reject(new Error(`unexpected answer ${data.toString().trim()}`));
    });
  });
}

/** Finds out once whether Redis answers; with REQUIRE_REDIS=1 an absent Redis fails the run instead of skipping. */
export default async function setup(project: TestProject) {
  let available = false;
  try {
    await ping(REDIS_URL);
    available = true;
  } catch (error) {
    if (process.env.REQUIRE_REDIS === '1') {
      throw new Error(`REQUIRE_REDIS=1 but Redis at ${REDIS_URL} does not answer: ${(error as Error).message}`);
    }
    console.warn(`Redis at ${REDIS_URL} does not answer: the Redis suites are skipped.`);
  }
  project.provide('redisAvailable', available);
}

declare module 'vitest' {
  export interface ProvidedContext {
    redisAvailable: boolean;
  }
}
