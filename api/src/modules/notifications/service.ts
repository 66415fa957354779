import type { Knex } from 'knex';
import { dayjs, DB_DATETIME, type NotificationEvent, type Role } from '@app/domain';
import { publishNotifications } from '../events/service.js';
import {
  clear,
  insertNotifications,
  listOf,
  markRead,
  membersWithRoles,
  unreadCount,
  type NotificationRow,
} from './repo.js';

/** Who a notification is for: members by id, or every member of a role. */
export type Audience = number[] | { role: Role | Role[] };

export interface NotificationMessage {
  /** What it is about, for filtering and for rules: 'dispute.due', 'assigned', 'mention', … */
  kind: string;
  title: string;
  body?: string | null;
  /** Where the admin goes when it is clicked: an admin route such as `/disputes/12/show`. */
  link?: string | null;
}

/** A notification as the API answers it and the stream pushes it. */
export const notificationRecord = (row: NotificationRow): NotificationEvent['notification'] => ({
  id: Number(row.id),
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  read: row.read_at !== null,
  createdAt: dayjs.utc(row.created_at).toISOString(),
});

/**
 * Notifies members: one row per member (each reads and clears their own), pushed live to their open
 * streams once `db` commits when it is a transaction. Answers the rows kept.
 */
export async function notify(
  db: Knex | Knex.Transaction,
  audience: Audience,
  message: NotificationMessage,
  now: Date = new Date(),
): Promise<NotificationRow[]> {
  const memberIds = Array.isArray(audience)
    ? [...new Set(audience)]
    : await membersWithRoles(db, ([] as Role[]).concat(audience.role));
  if (!memberIds.length) return [];
  const createdAt = dayjs.utc(now).format(DB_DATETIME);
  const rows = await insertNotifications(
    db,
    memberIds.map((memberId) => ({
      member_id: memberId,
      kind: message.kind.slice(0, 40),
      title: message.title.slice(0, 191),
      body: message.body ?? null,
      link: message.link?.slice(0, 191) ?? null,
      created_at: createdAt,
    })),
  );
  publishNotifications(
    db,
    rows.map((row) => ({ memberId: row.member_id, notification: notificationRecord(row) })),
  );
  return rows;
}

/** A member's notifications, newest first, and how many are unread. */
export async function notificationsOf(db: Knex, memberId: number, { limit = 50, unreadOnly = false } = {}) {
  const [rows, unread] = await Promise.all([listOf(db, memberId, limit, unreadOnly), unreadCount(db, memberId)]);
  return { notifications: rows.map(notificationRecord), unread };
}

export const markNotificationsRead = (db: Knex, memberId: number, ids: number[] | null, now: Date) =>
  markRead(db, memberId, ids, dayjs.utc(now).format(DB_DATETIME));

export const clearNotifications = clear;
