import { Fragment, type ReactNode } from 'react';
import { useStore } from 'react-admin';
import { isTimeZone, TIME_ZONE_KEY } from '@app/domain';

/** The zone this browser runs in: every member's zone until they choose one. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

// What the time formatters read (registry/formatValue.ts): set by <TimeZoneScope> before its screens draw.
let shownTimeZone = browserTimeZone();

/** The zone every time on the admin's screens is shown in. */
export const currentTimeZone = (): string => shownTimeZone;

/**
 * The member's time zone (kept by the preferences Store, so it follows them to another browser) and
 * its setter; the browser's zone when they chose none, or chose one this browser does not know.
 */
export function useTimeZone() {
  const [chosen, setChosen] = useStore<string | undefined>(TIME_ZONE_KEY);
  const zone = isTimeZone(chosen) ? chosen : browserTimeZone();
  return [zone, setChosen] as const;
}

/**
 * Draws the screens in the member's time zone: the formatters read it while they draw, and choosing
 * another zone draws them again (a new key), so no screen keeps times in the old one.
 */
export function TimeZoneScope({ children }: { children: ReactNode }) {
  const [zone] = useTimeZone();
  shownTimeZone = zone;
  return <Fragment key={zone}>{children}</Fragment>;
}
