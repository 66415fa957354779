import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { UAParser } from 'ua-parser-js';
import { nowUtc } from '@app/domain';
import { HttpError } from '../../http.js';
import { placeOfIp } from '../../geo/ipLocation.js';
import { insertOne } from '../../db/knex.js';
import type { Member, TokenPayload } from '../../types.js';
import { recordAudit } from '../audit/service.js';
import { endLiveStreams } from '../events/service.js';
import { findMemberById } from '../team/service.js';
import { readPolicy, type SecurityPolicy } from './policy.js';

export interface SessionRow {
  id: number;
  member_id: number;
  jti: string;
  device: string;
  browser: string;
  address: string;
  location: string;
  created_at: string;
  last_seen_at: string;
  verified_at: string;
  enrolment_only: boolean | number;
  ended_at: string | null;
  end_reason: EndReason | null;
}

export type EndReason = 'signed-out' | 'ended' | 'idle' | 'expired' | 'factor-reset';

/** last_seen_at is written at most this often per session: a request is not a write. */
export const LAST_SEEN_WRITE_MS = 60_000;

const ENDED_MESSAGES: Record<EndReason, string> = {
  'signed-out': 'You signed out of this session. Please sign in again.',
  ended: 'This session was ended from another session. Please sign in again.',
  idle: 'You were signed out after a time without activity. Please sign in again.',
  expired: 'Your session has expired. Please sign in again.',
  'factor-reset': 'Your second factor was reset. Please sign in again.',
};

const DB_TIME = (value: string) => Date.parse(`${value.replace(' ', 'T')}Z`);

/** What a verified token speaks for: its member (same token version) and its session, with the policy of the moment. */
export interface SignedIn {
  member: Awaited<ReturnType<typeof findMemberById>> & object;
  session: SessionRow;
  policy: SecurityPolicy;
}

/**
 * Loads the member and session a token names; undefined when the token is not one this server issued
 * for a session, was signed out, or its member is gone or changed password. Ended sessions are answered
 * (with their end) so the caller can say why.
 */
export async function loadSignedIn(
  app: FastifyInstance,
  payload: TokenPayload | undefined,
): Promise<SignedIn | undefined> {
  if (typeof payload?.jti !== 'string' || typeof payload.sid !== 'number') return undefined;
  const [session, member, policy] = await Promise.all([
    app.db<SessionRow>('sessions').where({ id: payload.sid, jti: payload.jti }).first(),
    findMemberById(app.db, Number(payload.user?.id)),
    readPolicy(app),
  ]);
  if (!session || !member || member.token_version !== payload.tv || session.member_id !== member.id) return undefined;
  return { member, session, policy };
}

/**
 * Refuses a session that has ended, sat idle past the policy's timeout or outlived its absolute lifetime
 * (ending it now for the last two), and notes activity at most once a minute. The live stream checks with
 * `activity: false`: an open stream alone does not keep a session.
 */
export async function checkSession(app: FastifyInstance, signedIn: SignedIn, { activity }: { activity: boolean }) {
  const { session, policy } = signedIn;
  if (session.ended_at) throw new HttpError(401, ENDED_MESSAGES[session.end_reason ?? 'ended']);
  const now = app.clock.now().getTime();
  // One minute of grace: last_seen_at may lag the last request by up to the write interval.
  const idleEnd = DB_TIME(session.last_seen_at) + policy.idleMinutes * 60_000 + LAST_SEEN_WRITE_MS;
  const absoluteEnd = DB_TIME(session.created_at) + policy.absoluteHours * 3_600_000;
  const reason: EndReason | null = now >= absoluteEnd ? 'expired' : now >= idleEnd ? 'idle' : null;
  if (reason) {
    await endSessions(app, app.db('sessions').where({ id: session.id }), reason);
    throw new HttpError(401, ENDED_MESSAGES[reason]);
  }
  if (activity && now - DB_TIME(session.last_seen_at) >= LAST_SEEN_WRITE_MS) {
    const at = nowUtc(new Date(now));
    // Kept in the cached copy too, so the next requests of this process do not write again.
    session.last_seen_at = at;
    await app.db('sessions').where({ id: session.id }).update({ last_seen_at: at });
  }
}

/** Ends the sessions a query selects that are still live, and the live streams opened with them; answers how many. */
export async function endSessions(app: FastifyInstance, query: Knex.QueryBuilder, reason: EndReason) {
  const live: Array<{ id: number; jti: string }> = await query.clone().whereNull('ended_at').select('id', 'jti');
  if (!live.length) return 0;
  await app
    .db('sessions')
    .whereIn(
      'id',
      live.map((s) => s.id),
    )
    .whereNull('ended_at')
    .update({ ended_at: nowUtc(app.clock.now()), end_reason: reason });
  for (const { jti } of live) await endLiveStreams(app.db, { tokenId: jti });
  await app.memberCache.clear();
  return live.length;
}

const clip = (value: string, max: number) => value.slice(0, max);

/** A new session for a sign-in from this request: its token names it. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  member: { id: number; name: string; type: Member['type']; token_version: number },
  { enrolmentOnly }: { enrolmentOnly: boolean },
) {
  const { browser, device, os } = UAParser(request.headers['user-agent'] ?? '');
  const at = nowUtc(app.clock.now());
  const jti = crypto.randomBytes(16).toString('base64url');
  const address = request.ip.replace(/^::ffff:/i, '');
  const sid = await insertOne(app.db, 'sessions', {
    member_id: member.id,
    jti,
    device: clip([device.vendor, device.model].filter(Boolean).join(' ') || os.name || 'Unknown', 60),
    browser: clip([browser.name, browser.major].filter(Boolean).join(' ') || 'Unknown', 60),
    address: clip(address, 45),
    location: clip((await placeOfIp(address)).location, 100),
    created_at: at,
    last_seen_at: at,
    verified_at: at,
    enrolment_only: enrolmentOnly,
    end_reason: null,
  });
  const payload: TokenPayload = {
    user: { id: member.id, name: member.name, type: member.type },
    tv: member.token_version,
    jti,
    sid,
  };
  return app.jwt.sign(payload);
}

/** The sessions of a member as "My sessions" lists them, live ones first, newest first. */
export async function listSessions(db: Knex, memberId: number, currentId: number | null) {
  const rows: SessionRow[] = await db('sessions')
    .where({ member_id: memberId })
    .orderByRaw('ended_at is null desc')
    .orderBy('id', 'desc')
    .limit(50);
  return rows.map((s) => ({
    id: s.id,
    device: s.device,
    browser: s.browser,
    address: s.address,
    location: s.location,
    createdAt: s.created_at,
    lastSeenAt: s.last_seen_at,
    endedAt: s.ended_at,
    endReason: s.end_reason,
    current: s.id === currentId,
  }));
}

/** Ends a member's sessions (one, or all but `except`), recording who did it. */
export async function endMemberSessions(
  app: FastifyInstance,
  actor: Member,
  memberId: number,
  { only, except }: { only?: number; except?: number },
) {
  const query = app.db('sessions').where({ member_id: memberId });
  if (only !== undefined) void query.where({ id: only });
  if (except !== undefined) void query.whereNot({ id: except });
  const ended = await endSessions(app, query, 'ended');
  if (ended)
    await recordAudit(app.db, actor, [
      { action: 'session-end', detail: `${ended} session(s) of member ${memberId}${only ? ` (session ${only})` : ''}` },
    ]);
  return ended;
}

/** Notes a password or factor check: step-up routes are open for the next minutes. */
export async function markVerified(app: FastifyInstance, sessionId: number) {
  await app
    .db('sessions')
    .where({ id: sessionId })
    .update({ verified_at: nowUtc(app.clock.now()) });
  await app.memberCache.clear();
}

/** Whether the session's last password or factor check is within the step-up window. */
export const recentlyVerified = (app: FastifyInstance, session: SessionRow) =>
  app.clock.now().getTime() - DB_TIME(session.verified_at) < app.config.stepUpMinutes * 60_000;
