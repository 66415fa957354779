import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, NotificationEvent } from '@app/domain';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { openLiveStream, type LiveStreamClient } from '../../helpers/liveStream.js';

const isNotification = (e: LiveEvent) => e.type === 'notification';

describe.each(dialects())('notifications on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const streams: LiveStreamClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const demo = await signInDemoAccounts(t);
    Object.assign(tokens, demo.tokens);
    Object.assign(ids, demo.ids);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  const call = (role: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call(tokens[role]!, { method, url, payload });
  const open = async (role: string) => {
    const stream = await openLiveStream(base, { token: tokens[role]! });
    expect(stream.status).toBe(200);
    streams.push(stream);
    return stream;
  };

  it('keeps each member their own notifications, newest first, pushed live to them alone; read and cleared per member', async () => {
    const [telecallerStream, teamStream] = [await open('telecaller'), await open('team')];
    const { notify } = t.app.notificationsService;
    await notify(t.db, [ids.telecaller!], { kind: 'assigned', title: 'Order 1 is yours', link: '/orders/1' });
    await notify(t.db, { role: 'Telecaller' }, { kind: 'mention', title: 'Alice mentioned you', body: 'on order 2' });

    const live = (await telecallerStream.next(isNotification, 2000)).data as NotificationEvent;
    expect(live.notification).toMatchObject({
      kind: 'assigned',
      title: 'Order 1 is yours',
      read: false,
      link: '/orders/1',
    });
    await telecallerStream.next(isNotification, 2000);
    expect(teamStream.events.filter((e) => isNotification(e.data))).toEqual([]);

    const mine = (await call('telecaller', 'GET', '/api/notifications')).json();
    expect(mine.unread).toBe(2);
    expect(mine.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Alice mentioned you',
      'Order 1 is yours',
    ]);
    expect((await call('team', 'GET', '/api/notifications')).json()).toEqual({ notifications: [], unread: 0 });

    // Another member's ids change nothing; one's own are marked read, then cleared.
    const [newest, oldest] = mine.notifications as Array<{ id: number }>;
    expect((await call('team', 'POST', '/api/notifications/read', { ids: [newest!.id] })).json()).toEqual({
      changed: 0,
    });
    expect((await call('telecaller', 'POST', '/api/notifications/read', { ids: [oldest!.id] })).json()).toEqual({
      changed: 1,
    });
    let after = (await call('telecaller', 'GET', '/api/notifications')).json();
    expect(after.unread).toBe(1);
    expect(after.notifications.map((n: { read: boolean }) => n.read)).toEqual([false, true]);
    expect((await call('telecaller', 'GET', '/api/notifications?unread=true')).json().notifications).toHaveLength(1);
    expect((await call('telecaller', 'POST', '/api/notifications/read', { ids: 'all' })).json()).toEqual({
      changed: 1,
    });
    expect((await call('telecaller', 'POST', '/api/notifications/clear', { ids: [oldest!.id] })).json()).toEqual({
      changed: 1,
    });
    after = (await call('telecaller', 'GET', '/api/notifications')).json();
    expect(after).toMatchObject({ unread: 0 });
    expect(after.notifications.map((n: { id: number }) => n.id)).toEqual([newest!.id]);
    expect((await call('telecaller', 'POST', '/api/notifications/clear', { ids: 'all' })).json()).toEqual({
      changed: 1,
    });

    // Bad input is refused naming the field.
    const bad = await call('telecaller', 'POST', '/api/notifications/read', { ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('ids');
    expect((await call('telecaller', 'GET', '/api/notifications?limit=0')).statusCode).toBe(400);
    expect((await t.call(null, { method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});
