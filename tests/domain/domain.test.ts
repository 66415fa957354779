import { describe, expect, it } from 'vitest';
import {
  can,
  canManageMember,
  decodeId,
  diallingCode,
  diallingTableSize,
  encodeId,
  EST_ZONE,
  formatInZone,
  formatUtc,
  DATE_FORMATS,
  InvalidIdError,
  matchesQueue,
  PERMISSIONS,
  QUEUES,
  queueByOrderName,
  rolesManageableBy,
  statusLabel,
  tryDecodeId,
  fullPhoneNumber,
  isIsoDate,
} from '@app/domain';

describe('id codec', () => {
  it('encodes base64 of the doubled number and decodes by halving', () => {
    expect(encodeId(250001)).toBe(btoa('500002'));
    expect(decodeId(encodeId(250001))).toBe(250001);
    expect(decodeId(encodeURIComponent(encodeId(7)))).toBe(7);
  });
  it.each(['', '!!!', btoa('abc'), btoa('3'), btoa('-4'), btoa('1e5'), 'NTAwMDAy===='])(
    'rejects %j with a clear error',
    (input) => {
      expect(() => decodeId(input)).toThrow(InvalidIdError);
      expect(tryDecodeId(input)).toBeNull();
    },
  );
  it('refuses to encode what is not a whole number', () => {
    expect(() => encodeId('abc')).toThrow(InvalidIdError);
    expect(() => encodeId(-1)).toThrow(InvalidIdError);
  });
});

describe('dialling codes', () => {
  it.each([
    ['UNITED KINGDOM', '44'],
    ['UK', '44'],
    ['USA', '1'],
    ['THAILAND', '66'],
    ['INDIA', '91'],
    ['india', '91'],
    ['INDIA (REPUBLIC OF)', '91'],
    ['GERMANY', '49'],
  ])('%s -> %s', (name, code) => expect(diallingCode(name)).toBe(code));
  it('returns unknown input unchanged', () => {
    expect(diallingCode('Atlantis')).toBe('Atlantis');
  });
  it('covers about 230 countries', () => {
    expect(diallingTableSize()).toBeGreaterThan(230);
  });
  it('builds the full number for wa.me links', () => {
    expect(fullPhoneNumber('+44', '07700 900123')).toBe('4407700900123');
  });
});

describe('statuses and queues', () => {
  it('shows Awaiting as Awaiting Customer', () => {
    expect(statusLabel('Awaiting')).toBe('Awaiting Customer');
    expect(statusLabel('Completed')).toBe('Completed');
  });
  it('has the fourteen queues with unique routes, names and count fields', () => {
    expect(QUEUES).toHaveLength(14);
    for (const key of ['route', 'orderName', 'countField'] as const) {
      expect(new Set(QUEUES.map((q) => q[key])).size).toBe(14);
    }
  });
  const today = '2026-11-22';
  const facts = (over: Partial<Parameters<typeof matchesQueue>[1]>) => ({
    status: 'New',
    mode: 'Standard',
    assigneeId: null,
    processingDate: null,
    ...over,
  });
  const inQueue = (name: string, f: Parameters<typeof matchesQueue>[1], me = 1) =>
    matchesQueue(queueByOrderName(name)!.filter, f, me, today);
  it('puts a due standard New order in New, not Future', () => {
    expect(inQueue('newOrder', facts({ processingDate: today }))).toBe(true);
    expect(inQueue('futureOrder', facts({ processingDate: today }))).toBe(false);
  });
  it('puts a New order dated tomorrow in Future, not New', () => {
    expect(inQueue('newOrder', facts({ processingDate: '2026-11-23' }))).toBe(false);
    expect(inQueue('futureOrder', facts({ processingDate: '2026-11-23' }))).toBe(true);
  });
  it('keeps Priority out of New and in Priority', () => {
    expect(inQueue('newOrder', facts({ mode: 'Priority' }))).toBe(false);
    expect(inQueue('priorityOrder', facts({ mode: 'Priority' }))).toBe(true);
  });
  it('counts an assigned New order as Pending and as mine only for its assignee', () => {
    expect(inQueue('pendingOrder', facts({ assigneeId: 3 }))).toBe(true);
    expect(inQueue('myOrder', facts({ assigneeId: 3 }), 3)).toBe(true);
    expect(inQueue('myOrder', facts({ assigneeId: 3 }), 4)).toBe(false);
    expect(inQueue('myOrder', facts({ assigneeId: 3, status: 'Completed' }), 3)).toBe(false);
  });
  it('keeps Deleted out of Order History', () => {
    expect(inQueue('allOrder', facts({ status: 'Deleted' }))).toBe(false);
    expect(inQueue('allOrder', facts({ status: 'Refunds' }))).toBe(true);
  });
});

describe('roles and permissions', () => {
  it('lets only Admin and Manager delete orders and see Processed By', () => {
    expect(['Admin', 'Manager', 'Team', 'Telecaller', 'Night Staff'].map((r) => can(r, 'orders.delete'))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(can('Team', 'reports.processedBy')).toBe(false);
  });
  it('hides Order History from Telecaller and management from Night Staff', () => {
    expect(can('Telecaller', 'orders.history')).toBe(false);
    expect(can('Night Staff', 'team.manage')).toBe(false);
    expect(can('Night Staff', 'gateways.manage')).toBe(false);
    expect(can('Night Staff', 'account.changePassword')).toBe(false);
    expect(can('Night Staff', 'orders.work')).toBe(true);
  });
  it('knows no permission for an unknown role', () => {
    for (const permission of Object.keys(PERMISSIONS) as Array<keyof typeof PERMISSIONS>) {
      expect(can('Hacker', permission)).toBe(false);
      expect(can(undefined, permission)).toBe(false);
    }
  });
  it('never lets team management raise privileges', () => {
    expect(canManageMember('Manager', 'Admin')).toBe(false);
    expect(canManageMember('Admin', 'Admin')).toBe(true);
    expect(canManageMember('Team', 'Manager')).toBe(false);
    expect(canManageMember('Team', 'Telecaller')).toBe(true);
    expect(rolesManageableBy('Team')).toEqual(['Team', 'Telecaller', 'Night Staff']);
  });
});

describe('dates', () => {
  it("formats stored UTC times in the old system's formats", () => {
    expect(formatUtc('2026-03-05 14:07:09', DATE_FORMATS.queueTable)).toBe('05/03/2026 14:07');
    expect(formatUtc('2026-03-05 14:07:09', DATE_FORMATS.orderTable)).toBe('05-03-2026 02:07:09');
    expect(formatUtc('2026-03-05 14:07:09', DATE_FORMATS.mailHistory)).toBe('05/March/2026 2:07:09');
    expect(formatUtc('1990-07-04', DATE_FORMATS.dateOfBirth)).toBe('07/04/1990');
    expect(formatUtc(null, DATE_FORMATS.queueTable)).toBe('');
  });
  it('shows New York times labelled EST in winter and EDT in summer', () => {
    expect(formatInZone('2026-01-15 17:00:00', DATE_FORMATS.downloadHistory, EST_ZONE)).toBe('01/15/2026 12:00:00 EST');
    expect(formatInZone('2026-07-15 17:00:00', DATE_FORMATS.downloadHistory, EST_ZONE)).toBe('07/15/2026 1:00:00 EDT');
  });
  it('checks calendar dates strictly', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('26-2-1')).toBe(false);
  });
});
