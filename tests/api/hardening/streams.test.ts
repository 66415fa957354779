import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../api/src/app.js';
import { createRedisSlots } from '../../../api/src/modules/events/slots.js';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { eventually, holdStream, type HeldStream } from '../../helpers/heldStream.js';
import { REDIS_URL } from '../../setup/redis.js';

/**
 * Live event streams are capped per member and per address
 * (across processes with Redis), each ends with its session, and stream tickets are rate limited.
 *
 * Two apps on one database: A with a heartbeat too long to matter here, so that what ends A's streams
 * is the sign-out, password, role or deletion itself; B with a short one, for the heartbeat's own check.
 * With Redis they share it as two API processes would.
 */
const setups = dialects().flatMap((dialect) => [
  [dialect, 'in-process'] as const,
  ...(inject('redisAvailable') ? [[dialect, 'Redis'] as const] : []),
]);

const PER_MEMBER = 3;
const PER_ADDRESS = 7;
const TICKETS_PER_MINUTE = 12;

describe.each(setups)('live streams on %s, %s', (dialect, bus) => {
  let t: TestApp;
  let b: FastifyInstance;
  const base = { a: '', b: '' };
  let tokens: Record<string, string>;
  const held: HeldStream[] = [];

  const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  beforeAll(async () => {
    const limits = {
      redisUrl: bus === 'Redis' ? REDIS_URL : '',
      liveStreamsPerMember: PER_MEMBER,
      liveStreamsPerAddress: PER_ADDRESS,
      liveTicketRateMax: TICKETS_PER_MINUTE,
    };
    // Streams the server ended leave no kept-alive connection behind for long (afterEach waits for none).
    t = await createTestApp(dialect, { config: { ...limits, liveHeartbeatMs: 600_000, keepAliveTimeoutMs: 1000 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Its own connection pool on the same database, as another process has.
    b = await buildApp({ config: { ...t.config, liveHeartbeatMs: 200 } });
    await b.listen({ port: 0, host: '127.0.0.1' });
    base.a = urlOf(t.app);
    base.b = urlOf(b);
    ({ tokens } = await signInDemoAccounts(t));
  });
  const connections = (app: FastifyInstance) =>
    new Promise<number>((resolve, reject) => app.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
  afterEach(async () => {
    for (const s of held.splice(0)) s.close();
    // Every stream's connection gone (its slot given back) before the next test counts again.
    await eventually(async () => ((await connections(t.app)) + (await connections(b)) === 0 ? true : undefined));
  });
  afterAll(async () => {
    for (const s of held) s.close();
    await b?.close();
    await t?.close();
  });

  const hold = async (token: string, on: 'a' | 'b' = 'a') => {
    const s = await holdStream(base[on], { token });
    held.push(s);
    return s;
  };
  const ticketFor = async (token: string, app: FastifyInstance = t.app) =>
    app.inject({ method: 'POST', url: '/api/admin/events/ticket', headers: { authorization: token } });
  const post = (token: string, url: string, payload?: object) =>
    t.call(token, { method: url.includes('delete') ? 'PUT' : 'POST', url, payload });

  it(`refuses a member's stream past ${PER_MEMBER} with 429 and a message, and opens one again when one closes`, async () => {
    const open = [];
    for (let i = 0; i < PER_MEMBER; i++) open.push(await hold(tokens.manager!));
    expect(open.map((s) => s.status)).toEqual(Array(PER_MEMBER).fill(200));
    // Whatever the token: a ticket, or another sign-in of the same member.
    const ticket = (await ticketFor(tokens.manager!)).json().data.ticket as string;
    const viaTicket = await holdStream(base.a, { ticket });
    held.push(viaTicket);
    const otherSignIn = await hold(await t.login('manager@demo.test'));
    for (const refused of [viaTicket, otherSignIn]) {
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.refusal)).toEqual({
        status: 0,
        message: `You have ${PER_MEMBER} live updates open, the most one member may have. Close another tab of the back-office and try again.`,
      });
      expect(refused.connection).toBe('close');
    }
    // Another member is not held back by it.
    expect((await hold(tokens.team!)).status).toBe(200);

    open[0]!.close();
    const again = await eventually(async () => {
      const s = await hold(tokens.manager!);
      return s.status === 200 ? s : undefined;
    });
    expect(again.status).toBe(200);
  });

  it(`refuses a stream from an address with ${PER_ADDRESS} open, whoever asks`, async () => {
    const members = ['admin', 'admin', 'admin', 'team', 'team', 'team', 'telecaller'];
    for (const role of members) expect((await hold(tokens[role]!)).status).toBe(200);
    const refused = await hold(tokens.night!);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.refusal).message).toBe(
      `This address has ${PER_ADDRESS} live updates open, the most allowed. Close another tab of the back-office and try again.`,
    );
  });

  it.runIf(bus === 'Redis')('counts the streams a member holds on every process', async () => {
    expect((await hold(tokens.manager!, 'a')).status).toBe(200);
    expect((await hold(tokens.manager!, 'b')).status).toBe(200);
    expect((await hold(tokens.manager!, 'a')).status).toBe(200);
    expect((await hold(tokens.manager!, 'b')).status).toBe(429);
    expect((await hold(tokens.manager!, 'a')).status).toBe(429);
  });

  it(`gives a member ${TICKETS_PER_MINUTE} stream tickets a minute, then 429 with a message`, async () => {
    const token = await t.login('telecaller@demo.test');
    // With Redis, half of them through the other process: the count is shared.
    const answers = [];
    for (let i = 0; i < TICKETS_PER_MINUTE; i++) {
      answers.push((await ticketFor(token, bus === 'Redis' && i % 2 ? b : t.app)).statusCode);
    }
    expect(answers).toEqual(Array(TICKETS_PER_MINUTE).fill(200));
    const refused = await ticketFor(token, bus === 'Redis' ? b : t.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many live update tickets asked for\. Please wait \d+ second\(s\)/);
    // Per member: another member still gets theirs.
    expect((await ticketFor(tokens.night!)).statusCode).toBe(200);
  });

  it("ends a stream when its token signs out, and only that token's", async () => {
    const [first, second] = [await t.login('night@demo.test'), await t.login('night@demo.test')];
    const ticket = (await ticketFor(first)).json().data.ticket as string;
    const signedOut = await holdStream(base.a, { ticket });
    held.push(signedOut);
    const other = await hold(second);
    expect([signedOut.status, other.status]).toEqual([200, 200]);
    expect((await post(first, '/api/admin/logout')).statusCode).toBe(200);
    await signedOut.ended;
    expect(other.isEnded()).toBe(false);
  });

  it.runIf(bus === 'Redis')('ends a stream held by another process when its token signs out', async () => {
    const token = await t.login('night@demo.test');
    const stream = await hold(token, 'a');
    expect(stream.status).toBe(200);
    expect(
      (await b.inject({ method: 'POST', url: '/api/admin/logout', headers: { authorization: token } })).statusCode,
    ).toBe(200);
    await stream.ended;
  });

  it('ends every stream of a member whose password changes, by themselves or by an Admin', async () => {
    const add = await post(tokens.admin!, '/api/admin/add-team-member', {
      name: 'Stream Holder',
      email: `holder-${bus}@demo.test`.toLowerCase(),
      password: 'first-pass-1',
      type: 'Team',
    });
    expect(add.statusCode).toBe(200);
    const id = (
      await t
        .db('team_members')
        .where({ email: `holder-${bus}@demo.test`.toLowerCase() })
        .first('id')
    ).id;
    const email = `holder-${bus}@demo.test`.toLowerCase();
    const own = await t.login(email, 'first-pass-1');
    const streams = [await hold(own), await hold(await t.login(email, 'first-pass-1'))];
    const change = await post(own, '/api/admin/change-password', {
      currentPassword: 'first-pass-1',
      newPassword: 'second-pass-2',
    });
    expect(change.statusCode).toBe(200);
    await Promise.all(streams.map((s) => s.ended));

    const next = await hold(await t.login(email, 'second-pass-2'));
    expect(next.status).toBe(200);
    const update = await post(tokens.admin!, '/api/admin/update-team-member', {
      tmId: id,
      name: 'Stream Holder',
      email,
      password: 'third-pass-3',
      type: 'Team',
    });
    expect(update.statusCode).toBe(200);
    await next.ended;
  });

  it("ends a member's streams when their role changes or they are deleted", async () => {
    const email = `mover-${bus}@demo.test`.toLowerCase();
    await post(tokens.admin!, '/api/admin/add-team-member', {
      name: 'Mover',
      email,
      password: 'mover-pass-1',
      type: 'Team',
    });
    const id = (await t.db('team_members').where({ email }).first('id')).id as number;
    const token = await t.login(email, 'mover-pass-1');
    const asTeam = await hold(token);
    expect(asTeam.status).toBe(200);
    const renamed = await post(tokens.admin!, '/api/admin/update-team-member', {
      tmId: id,
      name: 'Mover',
      email,
      type: 'Night Staff',
    });
    expect(renamed.statusCode).toBe(200);
    await asTeam.ended;

    const asNight = await hold(token);
    expect(asNight.status).toBe(200);
    const deleted = await post(tokens.admin!, '/api/admin/delete-team-member', { teamMemberId: id });
    expect(deleted.statusCode).toBe(200);
    await asNight.ended;
  });

  it('ends a stream at the next heartbeat when its session ended without a word (revoked, version changed, member gone)', async () => {
    const revoked = await t.login('telecaller@demo.test');
    const stream = await hold(revoked, 'b');
    expect(stream.status).toBe(200);
    const { jti } = t.app.jwt.decode<{ jti: string }>(revoked)!;
    await t.db('sessions').where({ jti }).update({ ended_at: '2026-01-01 00:00:00', end_reason: 'ended' });
    await stream.ended;

    const email = `quiet-${bus}@demo.test`.toLowerCase();
    await post(tokens.admin!, '/api/admin/add-team-member', {
      name: 'Quiet',
      email,
      password: 'quiet-pass-1',
      type: 'Team',
    });
    const quiet = await hold(await t.login(email, 'quiet-pass-1'), 'b');
    expect(quiet.status).toBe(200);
    await t.db('team_members').where({ email }).update({ token_version: 99 });
    await quiet.ended;
    const gone = await hold(await t.login(email, 'quiet-pass-1'), 'b');
    await t.db('team_members').where({ email }).del();
    await gone.ended;
  });
});

describe.runIf(inject('redisAvailable'))('stream slots in Redis', () => {
  it('frees the slots of a process that stopped renewing them (it died) once their lease ends, and only those', async () => {
    const redis = new Redis(REDIS_URL);
    const namespace = `tdac:test-slots:${crypto.randomBytes(6).toString('hex')}`;
    const slots = createRedisSlots(redis, namespace, 1000);
    const limits = [{ key: 'member:1', max: 2 }];
    // live-1's process renews it at each heartbeat; dead-1's process is gone and renews nothing.
    const renewing = setInterval(() => void slots.renew([{ slotId: 'live-1', limits }]), 100);
    try {
      expect(await slots.take('dead-1', limits)).toBeNull();
      expect(await slots.take('live-1', limits)).toBeNull();
      expect(await slots.take('new-1', limits)).toEqual(limits[0]);
      await eventually(async () => ((await slots.take('new-1', limits)) === null ? true : undefined));
      // dead-1's place was freed, live-1's was not, though both were taken together.
      expect(await slots.take('new-2', limits)).toEqual(limits[0]);
      clearInterval(renewing);
      await slots.release('live-1', limits);
      expect(await slots.take('new-2', limits)).toBeNull();
    } finally {
      clearInterval(renewing);
      await redis.del(`${namespace}:slots:member:1`);
      await redis.quit();
    }
  });
});
