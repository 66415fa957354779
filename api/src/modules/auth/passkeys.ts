import type { FastifyInstance } from 'fastify';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { nowUtc } from '@app/domain';
import { badRequest, HttpError, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { recordAudit } from '../audit/service.js';
import { factorEnrolled, factorKinds, hasFactor } from './factors.js';
import { readPolicy } from './policy.js';

/** The WebAuthn library loads with the first passkey ceremony, not with every process that starts the API. */
const webAuthn = () => import('@simplewebauthn/server');

/** How long the browser may take to answer a ceremony's challenge. */
const CHALLENGE_MS = 5 * 60_000;
type Purpose = 'register' | 'authenticate';

interface PasskeyRow {
  id: number;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
}

/** The admin's host is the relying party: a passkey works only on the address it was made on. */
function relyingParty(app: FastifyInstance) {
  const url = new URL(app.config.publicAdminUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const passkeysOf = (app: FastifyInstance, memberId: number): Promise<PasskeyRow[]> =>
  app
    .db('mfa_passkeys')
    .where({ member_id: memberId })
    .select('id', 'credential_id', 'public_key', 'counter', 'transports');

const descriptor = (passkey: PasskeyRow) => ({
  id: passkey.credential_id,
  transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
});

async function keepChallenge(app: FastifyInstance, memberId: number, purpose: Purpose, challenge: string) {
  const now = app.clock.now();
  await app.db('webauthn_challenges').where('expires_at', '<', nowUtc(now)).del();
  await app.db('webauthn_challenges').insert({
    challenge,
    member_id: memberId,
    purpose,
    expires_at: nowUtc(new Date(now.getTime() + CHALLENGE_MS)),
  });
}

/** The check of a ceremony's challenge: one this member was given for this purpose, unexpired, taken once. */
const challengeOf = (app: FastifyInstance, memberId: number, purpose: Purpose) => async (challenge: string) => {
  const taken = await app
    .db('webauthn_challenges')
    .where({ challenge, member_id: memberId, purpose })
    .where('expires_at', '>', nowUtc(app.clock.now()))
    .del();
  if (taken !== 1) throw badRequest('response: it answers no challenge of yours (or one that expired). Try again.');
  return true;
};

const refused = (error: unknown): never => {
  if (error instanceof HttpError) throw error;
  throw badRequest(`response: the passkey's answer was refused (${(error as Error).message}).`);
};

/** Options for the browser to create a passkey for this member (none of the member's own twice). */
export async function registrationOptions(app: FastifyInstance, member: Member) {
  const { rpID } = relyingParty(app);
  const options = await (
    await webAuthn()
  ).generateRegistrationOptions({
    rpName: `${app.config.countryName} Back-office`,
    rpID,
    userName: member.email,
    userDisplayName: member.name,
    userID: new TextEncoder().encode(String(member.id)),
    attestationType: 'none',
    excludeCredentials: (await passkeysOf(app, member.id)).map(descriptor),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(app, member.id, 'register', options.challenge);
  return options;
}

/** Keeps the passkey the browser created; answers the recovery codes when it is the member's first factor. */
export async function registerPasskey(
  app: FastifyInstance,
  member: Member,
  response: RegistrationResponseJSON,
  name: string | undefined,
) {
  const { rpID, origin } = relyingParty(app);
  const result = await (
    await webAuthn()
  )
    .verifyRegistrationResponse({
      response,
      expectedChallenge: challengeOf(app, member.id, 'register'),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    })
    .catch(refused);
  if (!result.verified) refused(new Error('not verified'));
  const { credential } = result.registrationInfo!;
  if (await app.db('mfa_passkeys').where({ credential_id: credential.id }).first('id'))
    throw badRequest('response: this passkey is already registered.');
  const first = !(await hasFactor(app, member.id));
  const count = (await passkeysOf(app, member.id)).length;
  const label = name?.trim() || `Passkey ${count + 1}`;
  await app.db('mfa_passkeys').insert({
    member_id: member.id,
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name: label,
    created_at: nowUtc(app.clock.now()),
  });
  return factorEnrolled(app, member, `passkey "${label}"`, first);
}

/** Options for the browser to sign with one of the member's passkeys. */
export async function authenticationOptions(app: FastifyInstance, memberId: number) {
  const passkeys = await passkeysOf(app, memberId);
  if (!passkeys.length) throw badRequest('No passkey is set up for this account.');
  const options = await (
    await webAuthn()
  ).generateAuthenticationOptions({
    rpID: relyingParty(app).rpID,
    allowCredentials: passkeys.map(descriptor),
    userVerification: 'preferred',
  });
  await keepChallenge(app, memberId, 'authenticate', options.challenge);
  return options;
}

/** Checks a passkey's signature of the member's challenge, and moves its counter on (once per answer). */
export async function checkPasskey(app: FastifyInstance, memberId: number, response: AuthenticationResponseJSON) {
  const passkey = (await passkeysOf(app, memberId)).find((p) => p.credential_id === response.id);
  if (!passkey) throw badRequest('response: that passkey is not one of this account.');
  const { rpID, origin } = relyingParty(app);
  const result = await (
    await webAuthn()
  )
    .verifyAuthenticationResponse({
      response,
      expectedChallenge: challengeOf(app, memberId, 'authenticate'),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        ...descriptor(passkey),
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter: Number(passkey.counter),
      },
      requireUserVerification: false,
    })
    .catch(refused);
  if (!result.verified) refused(new Error('not verified'));
  const taken = await app
    .db('mfa_passkeys')
    .where({ id: passkey.id, counter: passkey.counter })
    .update({ counter: result.authenticationInfo.newCounter, last_used_at: nowUtc(app.clock.now()) });
  if (taken !== 1) refused(new Error('used twice at once'));
  return 'passkey' as const;
}

/**
 * Removes one of the member's own passkeys. Their last factor goes only when their role needs none, and
 * its recovery codes with it.
 */
export async function removePasskey(app: FastifyInstance, member: Member, id: number) {
  const passkey = await app.db('mfa_passkeys').where({ id, member_id: member.id }).first('name');
  if (!passkey) throw notFound('You have no passkey of that id.');
  const last = (await factorKinds(app, member.id)).length === 1 && (await passkeysOf(app, member.id)).length === 1;
  if (last && (await readPolicy(app)).mfaRoles.includes(member.type))
    throw badRequest('Your role needs a second factor: set up another before removing this one.');
  await app.db.transaction(async (trx) => {
    await trx('mfa_passkeys').where({ id }).del();
    if (last) await trx('mfa_recovery_codes').where({ member_id: member.id }).del();
    await recordAudit(trx, member, [{ action: 'mfa-remove', detail: `${member.name}: passkey "${passkey.name}"` }]);
  });
}
