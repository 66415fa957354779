import crypto from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The audit trail as a hash chain: each event carries the hash of the one before it (prev_hash) and its own,
 * SHA-256 over the previous hash and a canonical form of the event, and its place (chain_seq). Changing,
 * removing or inserting an event by SQL breaks a link that `npm run audit:verify` names. Every writer
 * locks the chain's one head row in its transaction (audit_chain_head, SELECT ... FOR UPDATE), so two
 * writers never link to the same event; on Galera the loser of two commits on that row gets a deadlock
 * error and its transaction is retried like any other.
 */

/** An audit event's stored columns that the hash covers. */
export interface ChainedColumns {
  member_id: number | null;
  member_name: string | null;
  action: string;
  order_id: number | null;
  from_value: string | null;
  to_value: string | null;
  detail: string | null;
  created_at: string;
}

const HEAD_ID = 1;

/** Ids as text whatever the driver answers (number or string), so that SQLite and MySQL hash alike. */
const idText = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The event as one JSON array in a fixed order: what the hash covers besides the previous hash. */
export const canonicalEvent = (seq: number | string, e: ChainedColumns) =>
  JSON.stringify([
    String(seq),
    idText(e.member_id),
    e.member_name ?? null,
    e.action,
    idText(e.order_id),
    e.from_value ?? null,
    e.to_value ?? null,
    e.detail ?? null,
    e.created_at,
  ]);

export const linkHash = (prevHash: string, seq: number | string, e: ChainedColumns) =>
  crypto.createHash('sha256').update(prevHash).update('\n').update(canonicalEvent(seq, e)).digest('hex');

/**
 * Adds the events to the chain in `trx` (which must be a transaction: the head stays locked until it
 * ends) and answers them with their chain columns, in order.
 */
export async function appendToChain<T extends ChainedColumns>(
  trx: Knex.Transaction,
  events: T[],
): Promise<Array<T & { chain_seq: number; prev_hash: string; hash: string }>> {
  const head = await trx('audit_chain_head').where({ id: HEAD_ID }).forUpdate().first('seq', 'hash');
  if (!head) throw new Error('audit_chain_head has no row: run the migrations');
  let seq = Number(head.seq);
  let hash = String(head.hash);
  const linked = events.map((event) => {
    seq += 1;
    const prev = hash;
    hash = linkHash(prev, seq, event);
    return { ...event, chain_seq: seq, prev_hash: prev, hash };
  });
  await trx('audit_chain_head').where({ id: HEAD_ID }).update({ seq, hash });
  return linked;
}

export interface ChainReport {
  /** Events are chained after this id; earlier ones were written before the chain existed. */
  startedAfterId: number;
  startedAt: string;
  /** Links checked. */
  checked: number;
  /** The first broken link, or null when the whole chain holds. */
  broken: { seq: number; eventId: number | null; reason: string } | null;
}

const PAGE = 5000;

/** Walks the whole chain in order of chain_seq, page by page, and names the first link that does not hold. */
export async function verifyChain(db: Knex): Promise<ChainReport> {
  const head = await db('audit_chain_head').where({ id: HEAD_ID }).first();
  if (!head) throw new Error('audit_chain_head has no row: run the migrations');
  const report: ChainReport = {
    startedAfterId: Number(head.started_after_id),
    startedAt: String(head.started_at),
    checked: 0,
    broken: null,
  };
  const fail = (seq: number, eventId: number | null, reason: string) => {
    report.broken = { seq, eventId, reason };
    return report;
  };
  let expectedSeq = 1;
  let prevHash = '';
  for (;;) {
    const rows: Array<ChainedColumns & { id: number; chain_seq: number; prev_hash: string; hash: string }> = await db(
      'audit_events',
    )
      .where('chain_seq', '>=', expectedSeq)
      .orderBy('chain_seq')
      .limit(PAGE);
    for (const row of rows) {
      const seq = Number(row.chain_seq);
      const id = Number(row.id);
      if (seq !== expectedSeq) return fail(expectedSeq, null, `link ${expectedSeq} is missing (event removed)`);
      if (row.prev_hash !== prevHash) return fail(seq, id, 'its previous hash is not the hash of the link before');
      const hash = linkHash(prevHash, seq, row);
      if (row.hash !== hash) return fail(seq, id, 'its content does not match its hash (event changed)');
      prevHash = hash;
      expectedSeq += 1;
      report.checked += 1;
    }
    if (rows.length < PAGE) break;
  }
  const lastSeq = Number(head.seq);
  if (report.checked !== lastSeq || prevHash !== head.hash)
    return fail(
      report.checked + 1,
      null,
      `the head says ${lastSeq} links ending in ${String(head.hash).slice(0, 12)}…, the events hold ${report.checked}`,
    );
  const outside = await db('audit_events')
    .where('id', '>', report.startedAfterId)
    .whereNull('chain_seq')
    .orderBy('id')
    .first('id');
  if (outside) return fail(report.checked + 1, Number(outside.id), 'an event was written outside the chain');
  return report;
}
