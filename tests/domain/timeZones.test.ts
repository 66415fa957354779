import { describe, expect, it } from 'vitest';
import { formatInZone, isTimeZone, zoneAbbreviation } from '@app/domain';

const TIME = 'MM/DD/YYYY h:mm:ss A';

describe('times in a member’s time zone', () => {
  it('names New York time EDT until daylight saving ends on 1 November 2026, EST after, with AM/PM', () => {
    expect(formatInZone('2026-10-25 18:07:11', TIME, 'America/New_York')).toBe('10/25/2026 2:07:11 PM EDT');
    expect(formatInZone('2026-10-31 13:07:11', TIME, 'America/New_York')).toBe('10/31/2026 9:07:11 AM EDT');
    expect(formatInZone('2026-12-15 19:07:11', TIME, 'America/New_York')).toBe('12/15/2026 2:07:11 PM EST');
    expect(formatInZone('2026-11-01 05:30:00', TIME, 'America/New_York')).toBe('11/01/2026 1:30:00 AM EDT');
    expect(formatInZone('2026-11-01 06:30:00', TIME, 'America/New_York')).toBe('11/01/2026 1:30:00 AM EST');
  });
  it('names a zone without an English abbreviation by its offset, and UTC as UTC', () => {
    expect(formatInZone('2026-10-25 18:07:11', TIME, 'Asia/Bangkok')).toBe('10/26/2026 1:07:11 AM GMT+7');
    expect(formatInZone('2026-10-25 18:07:11', 'DD/MM/YYYY HH:mm', 'UTC')).toBe('25/10/2026 18:07 UTC');
    expect(zoneAbbreviation(new Date('2026-07-01T00:00:00Z'), 'Europe/London')).toBe('GMT+1');
  });
  it('gives nothing for an empty or unreadable time, and tells known zones from others', () => {
    expect(formatInZone(null, TIME, 'UTC')).toBe('');
    expect(formatInZone('not a time', TIME, 'UTC')).toBe('');
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone(42)).toBe(false);
  });
});
