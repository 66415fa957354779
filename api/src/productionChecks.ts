import type { Knex } from 'knex';
import type { AppConfig } from './config.js';

/** Bits per character of a text's own character frequencies (Shannon). */
function shannonBitsPerChar(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

/** Whether the text is a shorter string said again (`abcdefgh` × 4, a hex string twice). */
const isRepetition = (text: string) => /^(.+?)\1+$/s.test(text);

/** The least a JWT_SECRET must show to be taken for random. */
export const JWT_SECRET_RULE = { distinctChars: 10, bitsPerChar: 3 } as const;

/**
 * Why a JWT_SECRET looks guessable, or null. Length is loadConfig's check; this one refuses 32 spaces,
 * 32 × "a", a word said again and the like: at least 10 distinct characters, 3 bits of Shannon entropy
 * per character, and no shorter string repeated. `openssl rand -base64 48` passes by a wide margin.
 */
export function weakJwtSecretReason(secret: string): string | null {
  const distinct = new Set(secret).size;
  if (distinct < JWT_SECRET_RULE.distinctChars)
    return `it has ${distinct} distinct characters (at least ${JWT_SECRET_RULE.distinctChars} needed)`;
  if (isRepetition(secret)) return 'it is a shorter string repeated';
  const bits = shannonBitsPerChar(secret);
  if (bits < JWT_SECRET_RULE.bitsPerChar)
    return `its characters carry ${bits.toFixed(2)} bits each (at least ${JWT_SECRET_RULE.bitsPerChar} needed)`;
  return null;
}

/**
 * The demo seed's accounts, known by their address alone (the API imports no seed code): every one of
 * them is @demo.test, a domain that can receive no mail (RFC 2606), so no real member has it.
 */
const DEMO_EMAILS = '%@demo.test';

/**
 * Production refuses to serve with a guessable JWT_SECRET (anyone could sign a token), or while a demo
 * account exists: its password is printed in the README. (An unset or short JWT_SECRET is refused
 * earlier, by loadConfig.) Throws with the reason.
 */
export async function refuseUnsafeProduction(config: AppConfig, db: Knex): Promise<void> {
  if (config.nodeEnv !== 'production') return;
  const weakness = weakJwtSecretReason(config.jwtSecret);
  if (weakness) {
    throw new Error(
      `Refusing to start with NODE_ENV=production: JWT_SECRET looks guessable, as ${weakness}. ` +
        'Set it to 32+ random characters, e.g. the output of `openssl rand -base64 48`.',
    );
  }
  const demo: string[] = await db('team_members').where('email', 'like', DEMO_EMAILS).orderBy('id').pluck('email');
  if (demo.length) {
    throw new Error(
      `Refusing to start with NODE_ENV=production: the demo account(s) ${demo.join(', ')} exist, and their ` +
        `password is printed in the README. Delete them (or start without NODE_ENV=production to try the demo).`,
    );
  }
}
