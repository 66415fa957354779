import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * Brute force and enumeration, beyond auth.test.ts and visitor.test.ts (which check the limits and the
 * one answer for unknown orders): nothing tells a staff email from any other one, not the answer, not
 * its headers, not its timing, not the rate limiter; and a forged X-Forwarded-For does not reset a limit.
 */

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** What a client sees of an answer, minus what differs on every request anyway. */
const visible = (res: LightMyRequestResponse) => {
  const {
    date: _date,
    'x-ratelimit-reset': _reset,
    'retry-after': _retry,
    'x-request-id': _requestId,
    ...headers
  } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
};

describe.each(dialects())('enumeration and brute force on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { loginRateMax: 3, trackRateMax: 3 } });
  });
  afterAll(() => t?.close());

  const signIn = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email, password },
      remoteAddress,
      headers,
    });
  const track = (orderId: string, email: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/front/track-order',
      payload: { orderId, email },
      remoteAddress,
      headers,
    });

  it('answers a staff email and an unknown email alike, with the same headers, in comparable time', async () => {
    const timings = { staff: [] as number[], unknown: [] as number[] };
    const answers = { staff: [] as unknown[], unknown: [] as unknown[] };
    // Interleaved, each from its own address and each staff account once, so that neither the per-address
    // nor the per-account limit comes into play (the accounts the later tests limit are left out).
    const staff = ['manager', 'telecaller', 'night', 'somchai', 'anna', 'ravi'].map((name) => `${name}@demo.test`);
    for (const [i, staffEmail] of staff.entries()) {
      for (const kind of ['staff', 'unknown'] as const) {
        const email = kind === 'staff' ? staffEmail : `nobody${i}@demo.test`;
        const start = process.hrtime.bigint();
        const res = await signIn(email, 'wrong-password', `10.20.${i}.${kind === 'staff' ? 1 : 2}`);
        timings[kind].push(Number(process.hrtime.bigint() - start) / 1e6);
        answers[kind].push(visible(res));
      }
    }
    expect(answers.staff[0]).toMatchObject({ status: 401 });
    expect(new Set([...answers.staff, ...answers.unknown].map((a) => JSON.stringify(a))).size).toBe(1);
    // Both pay for one scrypt check. Loose bounds: this proves the same work, not a timing budget.
    const ratio = median(timings.staff) / median(timings.unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('limits a staff email and an unknown email alike, and refuses the right password once over the limit', async () => {
    const run = async (email: string, ip: string) => {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await signIn(email, 'wrong-password', ip)).statusCode);
      return codes;
    };
    expect(await run('admin@demo.test', '10.30.0.1')).toEqual([401, 401, 401, 429]);
    expect(await run('ghost@demo.test', '10.30.0.2')).toEqual([401, 401, 401, 429]);
    const right = await signIn('admin@demo.test', 'demo1234', '10.30.0.1');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ status: 0, message: expect.stringMatching(/^Too many attempts/) });
    expect(right.body).not.toContain('token');
  });

  it('does not let a forged X-Forwarded-For reset the sign-in or tracking limits', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await signIn('team@demo.test', 'wrong-password', '10.40.0.1', {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const tracked: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await track('999999999', 'a@b.example', '10.40.0.2', { 'x-forwarded-for': `203.0.113.${i}` });
      tracked.push(res.statusCode);
    }
    expect(tracked).toEqual([404, 404, 404, 429, 429]);
  });

  it('answers tracking with a staff email like any wrong email, and an unknown order the same', async () => {
    const order = await t.db('orders').where({ process_status: 'Completed' }).first('order_id');
    const answers = [
      await track(String(order.order_id), 'admin@demo.test', '10.50.0.1'),
      await track(String(order.order_id), 'someone@example.com', '10.50.0.2'),
      await track('999999999', 'admin@demo.test', '10.50.0.3'),
    ].map(visible);
    expect(answers[0]).toMatchObject({ status: 404 });
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });
});
