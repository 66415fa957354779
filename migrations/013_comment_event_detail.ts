import type { Knex } from 'knex';

/**
 * A comment's audit event carries the comment's text. Events written before get it from the
 * remark they recorded: the same order and member, written in the same transaction (within a few
 * seconds after the event).
 */
export async function up(knex: Knex): Promise<void> {
  const soonAfter =
    knex.client.config.client === 'mysql2'
      ? 'r.created_at <= DATE_ADD(audit_events.created_at, INTERVAL 5 SECOND)'
      : "r.created_at <= datetime(audit_events.created_at, '+5 seconds')";
  const remark = knex('remarks as r')
    .select('r.remark')
    .whereRaw('r.order_id = audit_events.order_id')
    .whereRaw('r.member_id = audit_events.member_id')
    .whereRaw('r.created_at >= audit_events.created_at')
    .whereRaw(soonAfter)
    .orderBy('r.id')
    .limit(1);
  await knex('audit_events')
    .where({ action: 'comment' })
    .whereNull('detail')
    .update({ detail: knex.raw('(?)', [remark]) });
}

/** The texts stay: they are the comments' own. */
export async function down(): Promise<void> {}
