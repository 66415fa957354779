import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { ManualClock } from '../../../api/src/core/clock.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * Sessions (idle and absolute ends, listing and ending them), TOTP and recovery codes, the security
 * policy (required factors, address ranges), step-up, and the device-cookie allowance of sign-in.
 */

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(dialects())('account security on %s', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock('2026-03-02T08:00:00Z');
  const signIn = (email: string, options: { password?: string; ua?: string; ip?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email, password: options.password ?? 'demo1234' },
      headers: { 'user-agent': options.ua ?? FIREFOX, ...(options.cookie ? { cookie: options.cookie } : {}) },
      remoteAddress: options.ip ?? '127.0.0.1',
    });
  const tokenOf = async (email: string, ua?: string) => {
    const res = await signIn(email, { ua });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
  const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.call(token, { method, url, ...(payload ? { payload } : {}) });
  const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  const memberId = async (email: string) => Number((await t.db('team_members').where({ email }).first('id')).id);
  const auditActions = async (action: string) => t.db('audit_events').where({ action }).select('detail', 'member_name');

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock, config: { loginAccountRateMax: 10 } });
  });
  afterAll(() => t?.close());

  it('lists a member’s sessions and ends one, the others, or (as an Admin or Manager) another member’s', async () => {
    const firefox = await tokenOf('team@demo.test');
    const chrome = await tokenOf('team@demo.test', CHROME);
    const third = await tokenOf('team@demo.test');
    const listed = await get(firefox, '/api/account/sessions');
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json().data as Array<Record<string, unknown>>;
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    const [newest, second, oldest] = sessions;
    expect([newest!.current, second!.current, oldest!.current]).toEqual([false, false, true]);
    expect(second).toMatchObject({ browser: 'Chrome 131', device: 'Windows', address: '127.0.0.1', endedAt: null });
    expect(oldest).toMatchObject({ browser: 'Firefox 128', device: 'Linux' });

    // Ending Chrome's session refuses its token at once, with a message the sign-in page shows.
    const ended = await send(firefox, 'DELETE', `/api/account/sessions/${second!.id}`);
    expect(ended.json()).toMatchObject({ status: 1, data: { ended: 1 } });
    const refused = await get(chrome, '/api/user_info');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      status: 401,
      message: 'This session was ended from another session. Please sign in again.',
    });
    expect((await send(firefox, 'DELETE', `/api/account/sessions/${second!.id}`)).statusCode).toBe(404);

    // All but this one.
    expect((await send(firefox, 'DELETE', '/api/account/sessions')).json().data.ended).toBeGreaterThanOrEqual(1);
    expect((await get(third, '/api/user_info')).statusCode).toBe(401);
    expect((await get(firefox, '/api/user_info')).statusCode).toBe(200);

    // Another member's sessions: a Manager reaches lower roles only, an Admin everyone.
    const manager = await tokenOf('manager@demo.test');
    const admin = await tokenOf('admin@demo.test');
    const teamId = await memberId('team@demo.test');
    const seen = await get(manager, `/api/team-members/${teamId}/sessions`);
    expect(seen.json().data.filter((s: { endedAt: string | null }) => !s.endedAt)).toHaveLength(1);
    expect((await get(manager, `/api/team-members/${await memberId('admin@demo.test')}/sessions`)).statusCode).toBe(
      403,
    );
    expect((await get(await tokenOf('team@demo.test'), `/api/team-members/${teamId}/sessions`)).statusCode).toBe(403);
    expect((await send(admin, 'DELETE', `/api/team-members/${teamId}/sessions`)).json().data.ended).toBe(2);
    expect((await get(firefox, '/api/user_info')).statusCode).toBe(401);
    expect((await get(manager, '/api/user_info')).statusCode).toBe(200);
    expect((await auditActions('session-end')).length).toBeGreaterThanOrEqual(3);
    // A token that names no session (or another's) is refused.
    expect((await get(firefox.replace(/\.[^.]+\./, '.e30.'), '/api/user_info')).statusCode).toBe(401);
  });

  it('ends a session idle past the timeout (the live stream ticket is no activity) and one past 12 hours', async () => {
    const token = await tokenOf('night@demo.test');
    const lastSeen = async () =>
      (await t.db('sessions').orderBy('id', 'desc').first('last_seen_at')).last_seen_at as string;
    const before = await lastSeen();
    clock.advance({ ms: 30_000 });
    expect((await get(token, '/api/user_info')).statusCode).toBe(200);
    // Written at most once a minute.
    expect(await lastSeen()).toBe(before);
    clock.advance({ minutes: 29 });
    expect((await get(token, '/api/user_info')).statusCode).toBe(200);
    expect(await lastSeen()).not.toBe(before);
    clock.advance({ minutes: 20 });
    expect((await send(token, 'POST', '/api/admin/events/ticket')).statusCode).toBe(200);
    clock.advance({ minutes: 12 });
    const idle = await get(token, '/api/user_info');
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe('You were signed out after a time without activity. Please sign in again.');

    // Active all along, a session still ends 12 hours after its sign-in.
    const longDay = await tokenOf('night@demo.test');
    for (let step = 0; step < 35; step++) {
      clock.advance({ minutes: 20 });
      expect((await get(longDay, '/api/user_info')).statusCode).toBe(200);
    }
    clock.advance({ minutes: 19 });
    expect((await get(longDay, '/api/user_info')).statusCode).toBe(200);
    clock.advance({ minutes: 2 });
    expect((await get(longDay, '/api/user_info')).json().message).toBe(
      'Your session has expired. Please sign in again.',
    );
  });

  it('enrols TOTP, then signs in with a code or a recovery code, each accepted once', async () => {
    const token = await tokenOf('telecaller@demo.test');
    const started = await send(token, 'POST', '/api/account/mfa/totp');
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUrl } = started.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const stored = await t
      .db('mfa_factors')
      .where({ member_id: await memberId('telecaller@demo.test') })
      .first();
    expect(stored.secret).not.toContain(secret);

    expect((await send(token, 'POST', '/api/account/mfa/totp/verify', { code: '000000' })).statusCode).toBe(400);
    expect((await send(token, 'POST', '/api/account/mfa/totp/verify', { code: 'x' })).json().message).toMatch(/code/);
    const verified = await send(token, 'POST', '/api/account/mfa/totp/verify', { code: await codeNow(secret) });
    expect(verified.statusCode, verified.body).toBe(200);
    const { recoveryCodes } = verified.json();
    expect(recoveryCodes).toHaveLength(10);
    const status = await get(token, '/api/account/mfa');
    expect(status.json().data).toEqual({ totp: true, passkeys: [], recoveryCodesLeft: 10 });
    expect(status.body).not.toContain(secret);
    expect((await auditActions('mfa-enrol')).map((e) => e.member_name)).toContain('Demo Telecaller');

    // The password alone answers a challenge, no token.
    const first = await signIn('telecaller@demo.test');
    expect(first.json()).toEqual({
      status: 1,
      message: 'Enter the code from your authenticator app.',
      mfaRequired: true,
      challenge: expect.any(String),
      factors: ['totp'],
    });
    const { challenge } = first.json();
    const second = (code: string, withChallenge = challenge) =>
      t.app.inject({ method: 'POST', url: '/api/admin/admin-login/mfa', payload: { challenge: withChallenge, code } });
    clock.advance({ minutes: 1 });
    const code = await codeNow(secret);
    const done = await second(code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 1, message: 'Login successfully.', data: { type: 'Telecaller' } });
    expect((await get(done.json().token, '/api/user_info')).statusCode).toBe(200);
    // The same code again (a replay) is refused; so is a forged challenge.
    expect((await second(code)).statusCode).toBe(401);
    expect((await second(await codeNow(secret), `${challenge}x`)).statusCode).toBe(401);

    expect((await second(recoveryCodes[3])).statusCode).toBe(200);
    const reused = await second(recoveryCodes[3]);
    expect(reused.json()).toEqual({ status: 401, message: 'That code is not valid.' });
    expect((await get(token, '/api/account/mfa')).json().data.recoveryCodesLeft).toBe(9);
    // A challenge is good for five minutes.
    clock.advance({ minutes: 6 });
    expect((await second(recoveryCodes[4])).json().message).toMatch(/expired/);

    // An Admin resets the factor: the member's sessions end and the password alone signs in again.
    const admin = await tokenOf('admin@demo.test');
    const id = await memberId('telecaller@demo.test');
    expect((await send(await tokenOf('manager@demo.test'), 'DELETE', `/api/team-members/${id}/mfa`)).statusCode).toBe(
      403,
    );
    expect((await send(admin, 'DELETE', `/api/team-members/${id}/mfa`)).statusCode).toBe(200);
    expect((await get(done.json().token, '/api/user_info')).json().message).toMatch(/second factor was reset/);
    expect((await signIn('telecaller@demo.test')).json().token).toEqual(expect.any(String));
    expect(await auditActions('mfa-reset')).toHaveLength(1);
  });

  it('makes members of a role that must have a factor enrol first; keeps roles to their address ranges', async () => {
    const admin = await tokenOf('admin@demo.test');
    const policy = { mfaRoles: ['Manager'], idleMinutes: 30, absoluteHours: 12, allowedRanges: {} };
    expect((await get(await tokenOf('manager@demo.test'), '/api/security-policy')).statusCode).toBe(403);
    const badRange = await send(admin, 'PUT', '/api/security-policy', {
      ...policy,
      allowedRanges: { Team: ['10.0.0/8'] },
    });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().message).toMatch(/allowedRanges: "10.0.0\/8"/);
    expect((await send(admin, 'PUT', '/api/security-policy', { ...policy, mfaRoles: ['Boss'] })).statusCode).toBe(400);
    expect((await send(admin, 'PUT', '/api/security-policy', policy)).statusCode).toBe(200);

    const signedIn = await signIn('manager@demo.test');
    expect(signedIn.json()).toMatchObject({ status: 1, mfaEnrolmentRequired: true, token: expect.any(String) });
    const token = signedIn.json().token as string;
    const orders = await get(token, '/api/admin/get-team-member-list');
    expect(orders.statusCode).toBe(403);
    expect(orders.json()).toEqual({ status: 0, mfaEnrolmentRequired: true, message: expect.any(String) });
    expect((await get(token, '/api/user_info')).statusCode).toBe(200);
    const { secret } = (await send(token, 'POST', '/api/account/mfa/totp')).json();
    expect(
      (await send(token, 'POST', '/api/account/mfa/totp/verify', { code: await codeNow(secret) })).statusCode,
    ).toBe(200);
    expect((await get(token, '/api/admin/get-team-member-list')).statusCode).toBe(200);
    expect(
      (await send(admin, 'DELETE', `/api/team-members/${await memberId('manager@demo.test')}/mfa`)).statusCode,
    ).toBe(200);
    // Other roles keep SPEC's answer exactly.
    expect(Object.keys((await signIn('team@demo.test')).json()).sort()).toEqual(
      ['data', 'jwtToken', 'message', 'status', 'token'].sort(),
    );

    const ranges = { ...policy, mfaRoles: [], allowedRanges: { Team: ['10.1.0.0/16'] } };
    expect((await send(admin, 'PUT', '/api/security-policy', ranges)).statusCode).toBe(200);
    expect((await signIn('team@demo.test', { ip: '127.0.0.1' })).statusCode).toBe(403);
    expect((await signIn('team@demo.test', { ip: '10.1.4.5' })).statusCode).toBe(200);
    expect((await send(admin, 'PUT', '/api/security-policy', { ...policy, mfaRoles: [] })).statusCode).toBe(200);
  });

  it('asks a recent password or code before refunds, gateway switches, team changes and imports', async () => {
    const refundable = await t
      .db('orders')
      .where({ process_status: 'Refunds' })
      .whereNull('refund_date')
      .whereNull('assignee_id')
      .orderBy('order_id')
      .first('order_id');
    const manager = await tokenOf('manager@demo.test');
    const refund = () =>
      send(manager, 'PUT', '/api/admin/move-to-complete-refund', { orderId: [Number(refundable.order_id)] });
    clock.advance({ minutes: 11 });
    const asked = await refund();
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual({ status: 0, reauth: true, message: 'Please confirm it is you to do this.' });
    const managerId = await memberId('manager@demo.test');
    expect(
      (await send(manager, 'POST', '/api/admin/update-team-member', { tmId: managerId, name: 'x' })).json().reauth,
    ).toBe(true);
    expect((await send(manager, 'POST', '/api/admin/payment-gateway-setting', { gatewayId: 1 })).json().reauth).toBe(
      true,
    );
    // The session itself still works for everything else.
    expect((await get(manager, '/api/user_info')).statusCode).toBe(200);

    const wrong = await send(manager, 'POST', '/api/account/reauth', { password: 'wrong-one' });
    expect(wrong.json()).toEqual({ status: 0, message: 'That password is not correct.' });
    expect((await send(manager, 'POST', '/api/account/reauth', {})).statusCode).toBe(400);
    expect((await send(manager, 'POST', '/api/account/reauth', { password: 'demo1234' })).statusCode).toBe(200);
    const refunded = await refund();
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await auditActions('step-up')).map((e) => e.member_name)).toContain('Demo Manager');
    clock.advance({ minutes: 11 });
    expect((await send(manager, 'POST', '/api/account/step-up')).json().reauth).toBe(true);
  });

  it('gives unknown browsers one allowance per account, while the owner’s known browser signs in', async () => {
    const owner = await signIn('admin@demo.test', { ip: '127.0.0.9' });
    const deviceCookie = String(owner.headers['set-cookie']).split(';')[0]!;
    expect(deviceCookie).toMatch(/^tdac_device=/);
    expect(String(owner.headers['set-cookie'])).toMatch(/HttpOnly/);
    const codes = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await signIn('admin@demo.test', { password: `guess-${i}`, ip: `127.0.0.${2 + (i % 6)}` })).statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    // Unknown browsers wait even with the right password; the owner's browser does not.
    expect((await signIn('admin@demo.test', { ip: '127.0.0.8' })).statusCode).toBe(429);
    expect((await signIn('admin@demo.test', { ip: '127.0.0.8', cookie: deviceCookie })).statusCode).toBe(200);
    // A cookie of another account, or a forged one, is an unknown browser.
    expect((await signIn('admin@demo.test', { cookie: 'tdac_device=abc.def' })).statusCode).toBe(429);
    expect((await signIn('manager@demo.test', { cookie: deviceCookie })).statusCode).toBe(200);
  });
});
