import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generateSecret, generateURI, verify } from 'otplib';
import { nowUtc } from '@app/domain';
import { badRequest, HttpError } from '../../http.js';
import type { Member } from '../../types.js';
import { recordAudit } from '../audit/service.js';

export const RECOVERY_CODE_COUNT = 10;
const TOTP = 'totp';
/** One 30-second step either side: the phone's clock may be a little off. */
const EPOCH_TOLERANCE_SECONDS = 30;

/** The key that encrypts TOTP secrets at rest, derived from JWT_SECRET (so one secret to keep, not two). */
const secretKey = (app: FastifyInstance) =>
  Buffer.from(crypto.hkdfSync('sha256', app.config.jwtSecret, 'tdac', 'totp-secret', 32));

function seal(app: FastifyInstance, plain: string) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', secretKey(app), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

function unseal(app: FastifyInstance, stored: string) {
  const [iv, tag, sealed] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = crypto.createDecipheriv('aes-256-gcm', secretKey(app), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}

interface FactorRow {
  id: number;
  secret: string;
  confirmed_at: string | null;
  last_step: number | string;
}

const totpOf = (app: FastifyInstance, memberId: number): Promise<FactorRow | undefined> =>
  app.db('mfa_factors').where({ member_id: memberId, kind: TOTP }).first('id', 'secret', 'confirmed_at', 'last_step');

/** The kinds of second factor the member has in use. */
export async function factorKinds(app: FastifyInstance, memberId: number) {
  const [totp, passkey] = await Promise.all([
    totpOf(app, memberId),
    app.db('mfa_passkeys').where({ member_id: memberId }).first('id'),
  ]);
  return [...(totp?.confirmed_at ? ['totp' as const] : []), ...(passkey ? ['passkey' as const] : [])];
}

/** Whether the member has a second factor in use. */
export const hasFactor = async (app: FastifyInstance, memberId: number) =>
  (await factorKinds(app, memberId)).length > 0;

/** The member's factors as "Second factor" shows them: never a secret. */
export async function factorStatus(app: FastifyInstance, memberId: number) {
  const totp = await totpOf(app, memberId);
  const left = await app.db('mfa_recovery_codes').where({ member_id: memberId }).whereNull('used_at').count({ n: '*' });
  const passkeys = await app
    .db('mfa_passkeys')
    .where({ member_id: memberId })
    .orderBy('id')
    .select('id', 'name', 'created_at', 'last_used_at');
  return {
    totp: !!totp?.confirmed_at,
    passkeys: passkeys.map((p: Record<string, unknown>) => ({
      id: Number(p.id),
      name: String(p.name),
      createdAt: p.created_at as string,
      lastUsedAt: (p.last_used_at ?? null) as string | null,
    })),
    recoveryCodesLeft: Number(left[0]?.n ?? 0),
  };
}

/** Starts (or restarts) a TOTP enrolment: a new secret, in force only once a first code proves it. */
export async function beginTotp(app: FastifyInstance, member: Member) {
  if ((await totpOf(app, member.id))?.confirmed_at)
    throw badRequest('An authenticator is already set up. Ask an Admin to reset it.');
  const secret = generateSecret();
  await app
    .db('mfa_factors')
    .insert({ member_id: member.id, kind: TOTP, secret: seal(app, secret), created_at: nowUtc(app.clock.now()) })
    .onConflict(['member_id', 'kind'])
    .merge(['secret', 'created_at']);
  const otpauthUrl = generateURI({ issuer: `${app.config.countryName} Back-office`, label: member.email, secret });
  return { secret, otpauthUrl };
}

const hashCode = (code: string) =>
  crypto.createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** Ten new one-time recovery codes (answered once, kept hashed): any earlier ones stop working. */
async function newRecoveryCodes(app: FastifyInstance, memberId: number) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = crypto.randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await app.db.transaction(async (trx) => {
    await trx('mfa_recovery_codes').where({ member_id: memberId }).del();
    await trx('mfa_recovery_codes').insert(codes.map((c) => ({ member_id: memberId, code_hash: hashCode(c) })));
  });
  return codes;
}

/** Accepts a TOTP code of this secret once (a code's time step is never accepted again). */
async function acceptTotp(app: FastifyInstance, factor: FactorRow, code: string) {
  const result = await verify({
    secret: unseal(app, factor.secret),
    token: code,
    epoch: Math.floor(app.clock.now().getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    afterTimeStep: Number(factor.last_step),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) return false;
  const { timeStep } = result as { timeStep: number };
  // Taken by one request only, even when two race with the same code.
  const taken = await app
    .db('mfa_factors')
    .where({ id: factor.id })
    .where('last_step', '<', timeStep)
    .update({ last_step: timeStep });
  return taken === 1;
}

/** Turns the enrolment on with its first code; answers the recovery codes (shown once). */
export async function confirmTotp(app: FastifyInstance, member: Member, code: string) {
  const factor = await totpOf(app, member.id);
  if (!factor) throw badRequest('Start the set-up first.');
  if (factor.confirmed_at) throw badRequest('An authenticator is already set up.');
  const first = !(await hasFactor(app, member.id));
  if (!(await acceptTotp(app, factor, code))) throw badRequest('code: that code is not the current one. Try the next.');
  await app
    .db('mfa_factors')
    .where({ id: factor.id })
    .update({ confirmed_at: nowUtc(app.clock.now()) });
  return factorEnrolled(app, member, 'authenticator app', first);
}

/**
 * What follows a factor's enrolment: the member's first factor brings ten recovery codes (answered once;
 * none for a later one), and a session opened for enrolment only becomes a full one.
 */
export async function factorEnrolled(app: FastifyInstance, member: Member, detail: string, first: boolean) {
  const recoveryCodes = first ? await newRecoveryCodes(app, member.id) : [];
  await app.db('sessions').where({ member_id: member.id }).update({ enrolment_only: false });
  await recordAudit(app.db, member, [{ action: 'mfa-enrol', detail: `${member.name}: ${detail}` }]);
  return recoveryCodes;
}

/** Checks a second-factor code: the current TOTP code, or an unused recovery code (used up here). 401 when neither. */
export async function checkSecondFactor(app: FastifyInstance, memberId: number, code: string) {
  if (!(await hasFactor(app, memberId))) throw new HttpError(401, 'No second factor is set up for this account.');
  if (/^\d{6}$/.test(code)) {
    const factor = await totpOf(app, memberId);
    if (factor?.confirmed_at && (await acceptTotp(app, factor, code))) return 'totp' as const;
  } else {
    const used = await app
      .db('mfa_recovery_codes')
      .where({ member_id: memberId, code_hash: hashCode(code) })
      .whereNull('used_at')
      .update({ used_at: nowUtc(app.clock.now()) });
    if (used === 1) return 'recovery-code' as const;
  }
  throw new HttpError(401, 'That code is not valid.');
}

/** An Admin's reset of a member's factors: they enrol again; their sessions end. */
export async function resetFactors(app: FastifyInstance, actor: Member, target: { id: number; name: string }) {
  await app.db.transaction(async (trx) => {
    await trx('mfa_factors').where({ member_id: target.id }).del();
    await trx('mfa_passkeys').where({ member_id: target.id }).del();
    await trx('mfa_recovery_codes').where({ member_id: target.id }).del();
    await recordAudit(trx, actor, [{ action: 'mfa-reset', detail: `${target.name} (member ${target.id})` }]);
  });
}
