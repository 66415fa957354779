import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * What the passkey routes refuse (real assertions are the Chromium test's): a request without its field,
 * a forged answer, and an answer to another member's challenge, at enrolment and at sign-in.
 */
describe.each(dialects())('passkey refusals on %s', (dialect) => {
  let t: TestApp;
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  /** A browser's answer as a forger would write it: the right shape and challenge, no real authenticator. */
  const forged = (type: 'webauthn.create' | 'webauthn.get', challenge: string, id = 'Zm9yZ2Vk') => ({
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: b64({ type, challenge, origin: new URL(t.config.publicAdminUrl).origin }),
      ...(type === 'webauthn.create'
        ? { attestationObject: 'AAAA' }
        : { authenticatorData: 'AAAA', signature: 'AAAA' }),
    },
    clientExtensionResults: {},
  });
  const post = (token: string | null, url: string, payload: object) => t.call(token, { method: 'POST', url, payload });
  const memberId = async (email: string) => Number((await t.db('team_members').where({ email }).first('id')).id);
  /** A stored passkey (its key is no real one: only the refusals before the signature are reached). */
  const givePasskey = async (email: string, credentialId: string) =>
    t.db('mfa_passkeys').insert({
      member_id: await memberId(email),
      credential_id: credentialId,
      public_key: 'AAAA',
      counter: 0,
      transports: '[]',
      name: 'Test key',
      created_at: '2026-03-02 08:00:00',
    });
  /** The second step of a sign-in: its challenge and the WebAuthn challenge of its passkey options. */
  const passkeyStep = async (email: string) => {
    const first = await post(null, '/api/admin/admin-login', { email, password: 'demo1234' });
    expect(first.json()).toMatchObject({ mfaRequired: true, factors: ['passkey'] });
    const { challenge } = first.json() as { challenge: string };
    const options = await post(null, '/api/admin/admin-login/mfa/passkey/options', { challenge });
    expect(options.statusCode, options.body).toBe(200);
    return { challenge, webauthn: options.json().options.challenge as string };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('refuses enrolment answers that are forged, malformed or to another member’s challenge', async () => {
    const manager = await t.login('manager@demo.test');
    const team = await t.login('team@demo.test');
    const options = await post(manager, '/api/account/mfa/passkey/options', {});
    expect(options.statusCode, options.body).toBe(200);
    const { challenge, rp, user } = options.json().options as {
      challenge: string;
      rp: { id: string };
      user: { name: string };
    };
    expect(rp.id).toBe('localhost');
    expect(user.name).toBe('manager@demo.test');

    const malformed = await post(manager, '/api/account/mfa/passkey/verify', {
      response: { ...forged('webauthn.create', challenge), response: {} },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/clientDataJSON/);

    // Another member's challenge is not theirs to answer, and stays the manager's.
    const stolen = await post(team, '/api/account/mfa/passkey/verify', {
      response: forged('webauthn.create', challenge),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toMatch(/^response: it answers no challenge of yours/);
    const fake = await post(manager, '/api/account/mfa/passkey/verify', {
      response: forged('webauthn.create', challenge),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toMatch(/^response: the passkey's answer was refused/);
    // Each challenge answers once, whatever the outcome.
    const replay = await post(manager, '/api/account/mfa/passkey/verify', {
      response: forged('webauthn.create', challenge),
    });
    expect(replay.json().message).toMatch(/^response: it answers no challenge of yours/);
    expect(await t.db('mfa_passkeys').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('refuses sign-in answers without a challenge, forged, or to another member’s challenge', async () => {
    const noChallenge = await post(null, '/api/admin/admin-login/mfa/passkey/options', {});
    expect(noChallenge.statusCode).toBe(400);
    expect(noChallenge.json().message).toMatch(/challenge/);
    const forgedChallenge = await post(null, '/api/admin/admin-login/mfa/passkey/options', { challenge: 'e30.AAAA' });
    expect(forgedChallenge.statusCode).toBe(401);

    await givePasskey('manager@demo.test', 'bWFuYWdlcg');
    await givePasskey('team@demo.test', 'dGVhbQ');
    const manager = await passkeyStep('manager@demo.test');
    const team = await passkeyStep('team@demo.test');
    const answer = (step: { challenge: string }, response: object) =>
      post(null, '/api/admin/admin-login/mfa/passkey', { challenge: step.challenge, response });

    const notTheirs = await answer(team, forged('webauthn.get', team.webauthn, 'bWFuYWdlcg'));
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().message).toBe('response: that passkey is not one of this account.');
    const stolen = await answer(team, forged('webauthn.get', manager.webauthn, 'dGVhbQ'));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toMatch(/^response: it answers no challenge of yours/);
    const fake = await answer(manager, forged('webauthn.get', manager.webauthn, 'bWFuYWdlcg'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toMatch(/^response: the passkey's answer was refused/);
    expect(fake.json().token).toBeUndefined();
  });
});
