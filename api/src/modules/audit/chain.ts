import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { hotRowShard } from '../../db/knex.js';

/**
 * The audit trail as hash chains: each event carries the hash of the one before it in its chain (prev_hash) and
 * its own, SHA-256 over the previous hash and a canonical form of the event, and its place (chain, chain_seq).
 * Changing, removing or inserting an event by SQL breaks a link that `npm run audit:verify` names. Every writer
 * locks its chain's head row in its transaction (audit_chain_head, SELECT ... FOR UPDATE), so two writers never
 * link to the same event. There is one chain per Galera node (hotRowShard; 0 on one database): a single head
 * written through every node would make two nodes' commits conflict on nearly every change.
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

/** Ids as text whatever the driver answers (number or string), so that SQLite and MySQL hash alike. */
const idText = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The event as one JSON array in a fixed order: what the hash covers besides the previous hash. */
export const canonicalEvent = (chain: number, seq: number, e: ChainedColumns) =>
  JSON.stringify([
    String(chain),
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

export const linkHash = (prevHash: string, chain: number, seq: number, e: ChainedColumns) =>
  crypto
    .createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(canonicalEvent(chain, seq, e))
    .digest('hex');

/** The chain's head row, locked for the transaction; made (empty) on the chain's first event. */
async function lockedHead(trx: Knex.Transaction, chain: number) {
  const head = await trx('audit_chain_head').where({ chain }).forUpdate().first('seq', 'hash');
  if (head) return head as { seq: number; hash: string };
  const start = await trx('audit_chain_head').where({ chain: 0 }).first('started_after_id', 'started_at');
  if (!start) throw new Error('audit_chain_head has no row: run the migrations');
  await trx('audit_chain_head')
    .insert({ chain, seq: 0, hash: '', ...start })
    .onConflict('chain')
    .ignore();
  return (await trx('audit_chain_head').where({ chain }).forUpdate().first('seq', 'hash')) as {
    seq: number;
    hash: string;
  };
}

/**
 * Adds the events to this process's chain in `trx` (which must be a transaction: the head stays locked until
 * it ends) and answers them with their chain columns, in order.
 */
export async function appendToChain<T extends ChainedColumns>(
  trx: Knex.Transaction,
  events: T[],
): Promise<Array<T & { chain: number; chain_seq: number; prev_hash: string; hash: string }>> {
  const chain = hotRowShard(trx);
  const head = await lockedHead(trx, chain);
  let seq = Number(head.seq);
  let hash = String(head.hash);
  const linked = events.map((event) => {
    seq += 1;
    const prev = hash;
    hash = linkHash(prev, chain, seq, event);
    return { ...event, chain, chain_seq: seq, prev_hash: prev, hash };
  });
  await trx('audit_chain_head').where({ chain }).update({ seq, hash });
  return linked;
}

export interface ChainReport {
  /** Events are chained after this id; earlier ones were written before the chains existed. */
  startedAfterId: number;
  startedAt: string;
  chains: number;
  /** Links checked, in every chain. */
  checked: number;
  /** The first broken link, or null when every chain holds. */
  broken: { chain: number; seq: number; eventId: number | null; reason: string } | null;
}

const PAGE = 5000;
type StoredLink = ChainedColumns & { id: number; chain_seq: number; prev_hash: string; hash: string };

/** Walks one chain in order, page by page: answers the links it checked, or the first that does not hold. */
async function verifyOne(db: Knex, head: { chain: number; seq: number; hash: string }) {
  const chain = Number(head.chain);
  let expectedSeq = 1;
  let prevHash = '';
  const broken = (seq: number, eventId: number | null, reason: string) => ({
    checked: expectedSeq - 1,
    broken: { chain, seq, eventId, reason },
  });
  for (;;) {
    const rows: StoredLink[] = await db('audit_events')
      .where({ chain })
      .where('chain_seq', '>=', expectedSeq)
      .orderBy('chain_seq')
      .limit(PAGE);
    for (const row of rows) {
      const seq = Number(row.chain_seq);
      const id = Number(row.id);
      if (seq !== expectedSeq) return broken(expectedSeq, null, `link ${expectedSeq} is missing (event removed)`);
      if (row.prev_hash !== prevHash) return broken(seq, id, 'its previous hash is not the hash of the link before');
      const hash = linkHash(prevHash, chain, seq, row);
      if (row.hash !== hash) return broken(seq, id, 'its content does not match its hash (event changed)');
      prevHash = hash;
      expectedSeq += 1;
    }
    if (rows.length < PAGE) break;
  }
  if (expectedSeq - 1 !== Number(head.seq) || prevHash !== head.hash)
    return broken(
      expectedSeq,
      null,
      `the head says ${head.seq} links ending in ${String(head.hash).slice(0, 12)}…, the events hold ${expectedSeq - 1}`,
    );
  return { checked: expectedSeq - 1, broken: null };
}

/** Walks every chain and names the first link that does not hold, or an event written outside the chains. */
export async function verifyChain(db: Knex): Promise<ChainReport> {
  const heads: Array<{ chain: number; seq: number; hash: string; started_after_id: number; started_at: string }> =
    await db('audit_chain_head').orderBy('chain');
  if (!heads.length) throw new Error('audit_chain_head has no row: run the migrations');
  const report: ChainReport = {
    startedAfterId: Number(heads[0]!.started_after_id),
    startedAt: String(heads[0]!.started_at),
    chains: heads.length,
    checked: 0,
    broken: null,
  };
  for (const head of heads) {
    const one = await verifyOne(db, head);
    report.checked += one.checked;
    if (one.broken) return { ...report, broken: one.broken };
  }
  const outside = await db('audit_events')
    .where('id', '>', report.startedAfterId)
    .where((q) =>
      q.whereNull('chain_seq').orWhereNotIn(
        'chain',
        heads.map((h) => Number(h.chain)),
      ),
    )
    .orderBy('id')
    .first('id', 'chain');
  if (outside)
    report.broken = {
      chain: Number(outside.chain ?? 0),
      seq: 0,
      eventId: Number(outside.id),
      reason: 'an event was written outside the chains',
    };
  return report;
}
