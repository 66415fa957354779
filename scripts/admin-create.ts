/**
 * npm run admin:create -- EMAIL: creates an Admin in the configured database, the first one of a
 * production database (SEED_DEMO=false) or another. The password is asked on the terminal without
 * echo, twice, or read from the first line of standard input when that is not a terminal
 * (`printf '%s\n' "$PASSWORD" | npm run admin:create -- admin@example.com`). Refuses an email already
 * taken and a password shorter than ADMIN_PASSWORD_MIN_LENGTH.
 */
import { EMAIL_PATTERN, normaliseEmail, nowUtc } from '@app/domain';
import { loadConfig } from '../api/src/config.js';
import { hashPassword } from '../api/src/core/passwords.js';
import { createDb } from '../api/src/db/knex.js';
import { recordAudit } from '../api/src/modules/audit/service.js';
import { findOtherMemberByEmail, insertMember } from '../api/src/modules/team/repo.js';
import { migrateLatest } from '../migrations/index.js';

/** An Admin opens everything: longer than the six characters sign-in takes for any member. */
const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** The first line of standard input (the password piped in). */
async function firstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

/** A line typed on the terminal, not echoed. */
function typedSecretly(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    let typed = '';
    process.stdout.write(prompt);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLine();
  const password = await typedSecretly('Password: ');
  if ((await typedSecretly('Password again: ')) !== password) throw new Error('The two passwords differ.');
  return password;
}

async function main(): Promise<string> {
  const [given] = process.argv.slice(2);
  if (!given || !new RegExp(EMAIL_PATTERN).test(given)) throw new Error('usage: npm run admin:create -- EMAIL');
  const email = normaliseEmail(given);
  const password = await readPassword();
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH)
    throw new Error(`The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long.`);
  const db = createDb(loadConfig());
  try {
    await migrateLatest(db);
    const passwordHash = await hashPassword(password);
    return await db.transaction(async (trx) => {
      if (await findOtherMemberByEmail(trx, email)) throw new Error(`${email} is already a member.`);
      const now = nowUtc();
      const name = email.split('@')[0]!.slice(0, 100);
      await insertMember(trx, {
        name,
        email,
        password_hash: passwordHash,
        type: 'Admin',
        created_at: now,
        updated_at: now,
      });
      await recordAudit(trx, null, [
        { action: 'member-add', to: 'Admin', detail: `${name} <${email}> (admin:create)` },
      ]);
      return `Admin ${email} created.`;
    });
  } finally {
    await db.destroy();
  }
}

try {
  console.log(await main());
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
