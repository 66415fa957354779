import { describe, expect, it } from 'vitest';
import { ageMinutes, DEFAULT_SLA_LIMITS, formatAge, isOverdue } from '@app/domain';

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

  it('marks a New Priority order after the priority limit and any other New order after the standard one', () => {
    const order = (process_status: string, processing_mode: string, hours: number) => ({
      process_status,
      processing_mode,
      paid_at: hoursAgo(hours),
    });
    expect(isOverdue(order('New', 'Priority', 2.1), NOW)).toBe(true);
    expect(isOverdue(order('New', 'Priority', 1.9), NOW)).toBe(false);
    expect(isOverdue(order('New', 'Standard', 23), NOW)).toBe(false);
    expect(isOverdue(order('New', 'Standard', 25), NOW)).toBe(true);
    expect(isOverdue(order('New', 'Future', 25), NOW)).toBe(true);
    // Orders past New are not timed; unpaid ones have no age.
    expect(isOverdue(order('Awaiting', 'Priority', 50), NOW)).toBe(false);
    expect(isOverdue({ process_status: 'New', processing_mode: 'Priority', paid_at: null }, NOW)).toBe(false);
    // The limits are the server's (SLA_PRIORITY_HOURS, SLA_STANDARD_HOURS).
    expect(isOverdue(order('New', 'Priority', 3), NOW, { ...DEFAULT_SLA_LIMITS, priorityHours: 4 })).toBe(false);
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
