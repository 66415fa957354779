import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChangedAnswer, NotificationIdsBody, NotificationsAnswer, NotificationsQuery } from './schemas.js';
import { clearNotifications, markNotificationsRead, notificationsOf } from './service.js';

const tags = ['notifications'];
const idsOf = (ids: number[] | 'all') => (ids === 'all' ? null : ids);

/** The bell: each member reads, marks read and clears their own notifications, nobody else's. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notifications',
    {
      schema: { tags, querystring: NotificationsQuery, response: { 200: NotificationsAnswer } },
      config: { permission: 'notifications.own' },
    },
    (request) =>
      notificationsOf(app.db, request.member.id, {
        limit: request.query.limit,
        unreadOnly: request.query.unread ?? false,
      }),
  );

  app.post(
    '/notifications/read',
    {
      schema: { tags, body: NotificationIdsBody, response: { 200: ChangedAnswer } },
      config: { permission: 'notifications.own' },
    },
    async (request) => ({
      changed: await markNotificationsRead(app.db, request.member.id, idsOf(request.body.ids), app.clock.now()),
    }),
  );

  app.post(
    '/notifications/clear',
    {
      schema: { tags, body: NotificationIdsBody, response: { 200: ChangedAnswer } },
      config: { permission: 'notifications.own' },
    },
    async (request) => ({ changed: await clearNotifications(app.db, request.member.id, idsOf(request.body.ids)) }),
  );
};

export default routes;
