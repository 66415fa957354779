import { HttpError } from '../../http.js';

/**
 * Live updates share tickets, stream slots and presence through Redis when several processes run.
 * While Redis is away they pause (503 with this message; the admin's live client retries on its own),
 * and everything else (sign-in, lists, moves) goes on without them.
 */
export const LIVE_UPDATES_PAUSED =
  'Live updates are paused for the moment; the back-office works without them and they resume by themselves.';

/** Answers what `command` answers; a Redis failure becomes the 503 of paused live updates. */
export async function unlessRedisAway<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (error) {
    throw Object.assign(new HttpError(503, LIVE_UPDATES_PAUSED), { cause: error });
  }
}
