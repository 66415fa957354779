import { apiUrl, httpClient } from '../providers/httpClient';

/** The react-query key of the member's notifications (the bell and its list share it). */
export const NOTIFICATIONS_KEY = ['notifications'];

export interface NotificationsAnswer {
  notifications: Array<{
    id: number;
    title: string;
    body: string | null;
    link: string | null;
    read: boolean;
    createdAt: string;
  }>;
  unread: number;
}

/** The member's notifications, newest first (GET /api/notifications). */
export const readNotifications = async () =>
  (await httpClient(apiUrl('notifications?limit=20'))).json as NotificationsAnswer;
