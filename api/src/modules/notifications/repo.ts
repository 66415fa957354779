import type { Knex } from 'knex';

export interface NotificationRow {
  id: number;
  member_id: number;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

export const membersWithRoles = (db: Knex | Knex.Transaction, roles: string[]): Promise<number[]> =>
  db('team_members').whereIn('type', roles).pluck('id');

export async function insertNotifications(
  db: Knex | Knex.Transaction,
  rows: Array<Omit<NotificationRow, 'id' | 'read_at'>>,
): Promise<NotificationRow[]> {
  // One insert per row: its id is needed for the live event, and neither dialect answers ids of a batch.
  const stored: NotificationRow[] = [];
  for (const row of rows) {
    const [inserted] = await db('notifications').insert(row);
    const id = typeof inserted === 'object' ? Number((inserted as { id: number }).id) : Number(inserted);
    stored.push({ ...row, id, read_at: null });
  }
  return stored;
}

/** A member's notifications, newest first. */
export const listOf = (db: Knex, memberId: number, limit: number, unreadOnly: boolean): Promise<NotificationRow[]> =>
  db('notifications')
    .where({ member_id: memberId })
    .modify((q) => (unreadOnly ? q.whereNull('read_at') : q))
    .orderBy('id', 'desc')
    .limit(limit)
    .select('id', 'member_id', 'kind', 'title', 'body', 'link', 'read_at', 'created_at');

export async function unreadCount(db: Knex, memberId: number): Promise<number> {
  const row = await db('notifications').where({ member_id: memberId }).whereNull('read_at').count({ n: '*' }).first();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

/** Marks read the member's notifications among `ids` (all of them when null); answers how many changed. */
export const markRead = (db: Knex, memberId: number, ids: number[] | null, at: string): Promise<number> =>
  db('notifications')
    .where({ member_id: memberId })
    .whereNull('read_at')
    .modify((q) => (ids ? q.whereIn('id', ids) : q))
    .update({ read_at: at });

/** Clears (deletes) the member's notifications among `ids` (all of them when null). */
export const clear = (db: Knex, memberId: number, ids: number[] | null): Promise<number> =>
  db('notifications')
    .where({ member_id: memberId })
    .modify((q) => (ids ? q.whereIn('id', ids) : q))
    .del();
