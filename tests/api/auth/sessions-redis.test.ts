import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../api/src/app.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { REDIS_URL } from '../../setup/redis.js';

/**
 * Two API processes on one MySQL database and one Redis: a session ended through one is refused by the
 * other at once, although each keeps its short cache of sessions.
 */
describe.runIf(inject('redisAvailable') && inject('mysqlAvailable'))('ending a session across processes', () => {
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await createTestApp('mysql', { config: { redisUrl: REDIS_URL } });
    b = await buildApp({ config: a.config });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('refuses on the other process the token of a session ended on this one', async () => {
    const phone = await a.login('team@demo.test');
    const desk = await a.login('team@demo.test');
    const onB = (token: string) =>
      b.inject({ method: 'GET', url: '/api/user_info', headers: { authorization: token } });
    // Both processes have the phone's session in their cache.
    expect((await onB(phone)).statusCode).toBe(200);
    expect((await a.call(phone, { method: 'GET', url: '/api/user_info' })).statusCode).toBe(200);
    const sessions = (await a.call(desk, { method: 'GET', url: '/api/account/sessions' })).json().data;
    const phoneSession = sessions.find((s: { current: boolean; endedAt: string | null }) => !s.current && !s.endedAt);
    const ended = await a.call(desk, { method: 'DELETE', url: `/api/account/sessions/${phoneSession.id}` });
    expect(ended.statusCode).toBe(200);
    const refused = await onB(phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/session was ended/);
    expect((await onB(desk)).statusCode).toBe(200);
  });
});
