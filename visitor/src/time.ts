// Intl only: the visitor's bundle carries no time zone library.
const historyTime = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
  timeZoneName: 'short',
});

/**
 * A stored time ('YYYY-MM-DD HH:mm:ss', UTC) as the visitor's clock reads it, in the old system's download
 * history format with AM/PM and the zone's short name at that date: "10/25/2026 2:07:11 PM EDT" in
 * New York, "… GMT+7" where the zone has no short name in English; '' for an unreadable value.
 */
export function formatHistoryTime(stored: string): string {
  const instant = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(stored) ? stored : `${stored.replace(' ', 'T')}Z`);
  if (Number.isNaN(instant.getTime())) return '';
  const part = Object.fromEntries(historyTime.formatToParts(instant).map(({ type, value }) => [type, value]));
  return `${part.month}/${part.day}/${part.year} ${part.hour}:${part.minute}:${part.second} ${part.dayPeriod} ${part.timeZoneName}`;
}
