/**
 * The app's one source of "now". Rules that depend on time (session idle ends, step-up windows, scheduled
 * workers, deadlines) read it here, so that a test can move time without waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets and advances by hand. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = new Date()) {
    this.current = new Date(start).getTime();
  }
  now() {
    return new Date(this.current);
  }
  set(at: Date | string) {
    this.current = new Date(at).getTime();
  }
  advance({
    minutes = 0,
    hours = 0,
    days = 0,
    ms = 0,
  }: {
    minutes?: number;
    hours?: number;
    days?: number;
    ms?: number;
  }) {
    this.current += ms + 60_000 * (minutes + 60 * (hours + 24 * days));
  }
}
