import { describe, expect, it } from 'vitest';
import { ageMinutes, businessMinutes, formatAge, slaStep, type SlaClock } from '@app/domain';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('SLA age (domain/sla.ts)', () => {
  it('counts whole minutes since payment, and nothing for an unpaid order', () => {
    expect(ageMinutes(hoursAgo(2.5), NOW)).toBe(150);
    expect(ageMinutes(null, NOW)).toBeNull();
    expect(ageMinutes(hoursAgo(-1), NOW)).toBe(0);
    // Other forms of a UTC time read the same.
    expect(ageMinutes(`${hoursAgo(2.5).replace(' ', 'T')}Z`, NOW)).toBe(150);
  });

  it('runs an SLA clock in business hours, stops it in a pause, and moves its state on only when asked', () => {
    const policy = {
      id: 1,
      targetMinutes: 120,
      warnAtPercent: 75,
      pauseStatuses: ['Awaiting'],
      businessHours: { timeZone: 'UTC', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
      holidays: [],
    };
    const at = (time: string) => new Date(`2026-11-23T${time}:00Z`); // a Monday
    const order = (status: string) => ({ status, startedAt: at('10:00'), enteredAt: null, finishedAt: null });
    const unread: SlaClock = { policyId: null, state: null, usedMinutes: 0, runFrom: null, dueAt: null, nextAt: null };
    const fresh = slaStep(unread, policy, order('New'), at('10:00'));
    expect(fresh).toMatchObject({ state: 'ok', dueAt: at('12:00'), nextAt: at('11:30') });
    // At risk from 75% of the target, breached at the due time: only the worker's step (advance) says so.
    expect(slaStep(fresh, policy, order('New'), at('11:30')).state).toBe('ok');
    expect(slaStep(fresh, policy, order('New'), at('11:30'), true)).toMatchObject({
      state: 'at_risk',
      nextAt: at('12:00'),
    });
    // An hour in Awaiting Customer is not counted: the order is due an hour later.
    const paused = slaStep(fresh, policy, order('Awaiting'), at('11:00'));
    expect(paused).toMatchObject({ state: 'paused', usedMinutes: 60, nextAt: null });
    const resumed = slaStep(paused, policy, order('New'), at('12:00'));
    expect(resumed).toMatchObject({ state: 'ok', dueAt: at('13:00'), nextAt: at('12:30') });
    expect(slaStep(resumed, policy, order('New'), at('13:00'), true).state).toBe('breached');
    // Done in time: met; a breach stays one.
    expect(slaStep(resumed, policy, order('Completed'), at('12:45')).state).toBe('met');
    const breached = slaStep(resumed, policy, order('New'), at('13:00'), true);
    expect(slaStep(breached, policy, order('Completed'), at('13:30')).state).toBe('breached');
    // After business hours the clock waits for the next working day.
    expect(slaStep(unread, policy, { ...order('New'), startedAt: at('16:00') }, at('16:00')).dueAt).toEqual(
      new Date('2026-11-24T10:00:00Z'),
    );
    expect(businessMinutes(at('16:00'), new Date('2026-11-24T10:00:00Z'), policy.businessHours)).toBe(120);
  });

  it('reads an age in minutes, hours or days', () => {
    expect(formatAge(45)).toBe('45 min');
    expect(formatAge(185)).toBe('3 h 5 min');
    expect(formatAge(3120)).toBe('2 d 4 h');
    expect(formatAge(null)).toBe('');
    expect(formatAge(240)).toBe('4 h');
  });

  it('writes whole-hour ages as hours, for roles that may not read the time of payment', () => {
    expect(formatAge(0, 'hours')).toBe('< 1 h');
    expect(formatAge(240, 'hours')).toBe('4 h');
    expect(formatAge(3120, 'hours')).toBe('2 d 4 h');
  });
});
