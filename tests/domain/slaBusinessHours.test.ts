import { describe, expect, it } from 'vitest';
import { slaDueAt, type BusinessHours } from '@app/domain';

const BANGKOK: BusinessHours = { timeZone: 'Asia/Bangkok', days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' };
const NEW_YORK: BusinessHours = { timeZone: 'America/New_York', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };
const at = (iso: string) => new Date(iso);
const due = (...args: Parameters<typeof slaDueAt>) => slaDueAt(...args)?.toISOString();

describe('an SLA clock in business hours', () => {
  it('counts within a working day, and from the next opening when started after hours', () => {
    // Wednesday 10:00 in Bangkok (03:00 UTC) + 2 h: 12:00 Bangkok.
    expect(due(at('2026-11-25T03:00:00Z'), 120, BANGKOK)).toBe('2026-11-25T05:00:00.000Z');
    // 17:00 + 2 h: one hour that day, one from 09:00 the next.
    expect(due(at('2026-11-25T10:00:00Z'), 120, BANGKOK)).toBe('2026-11-26T03:00:00.000Z');
    // Started at 22:00: the clock starts at 09:00 the next morning.
    expect(due(at('2026-11-25T15:00:00Z'), 60, BANGKOK)).toBe('2026-11-26T03:00:00.000Z');
  });

  it('skips a weekend and a holiday', () => {
    // Friday 17:00 + 2 h: Monday 10:00.
    expect(due(at('2026-11-27T10:00:00Z'), 120, BANGKOK)).toBe('2026-11-30T03:00:00.000Z');
    // With Monday a holiday: Tuesday 10:00.
    expect(due(at('2026-11-27T10:00:00Z'), 120, { ...BANGKOK, holidays: ['2026-11-30'] })).toBe(
      '2026-12-01T03:00:00.000Z',
    );
  });

  it('keeps the wall clock across a DST change', () => {
    // Friday 16:00 EST (21:00 UTC) + 2 h, clocks go forward on Sunday 8 March 2026: Monday 10:00 EDT (14:00 UTC).
    expect(due(at('2026-03-06T21:00:00Z'), 120, NEW_YORK)).toBe('2026-03-09T14:00:00.000Z');
    // And back on Sunday 1 November 2026: Monday 10:00 EST (15:00 UTC).
    expect(due(at('2026-10-30T20:00:00Z'), 120, NEW_YORK)).toBe('2026-11-02T15:00:00.000Z');
  });

  it('stops while paused and resumes after; an open pause has no due time', () => {
    const start = at('2026-11-25T03:00:00Z'); // Wednesday 10:00 Bangkok
    const pause = { from: at('2026-11-25T04:00:00Z'), to: at('2026-11-25T07:00:00Z') }; // 11:00 to 14:00
    expect(due(start, 120, BANGKOK, [pause])).toBe('2026-11-25T08:00:00.000Z');
    expect(due(start, 120, BANGKOK, [{ from: pause.from, to: null }])).toBeUndefined();
  });

  it('never finds a due time without a working day', () => {
    expect(due(at('2026-11-25T03:00:00Z'), 60, { ...BANGKOK, days: [] })).toBeUndefined();
  });
});
