/**
 * What the account's prompts (the step-up dialog and the idle warning, loaded lazily) draw from: the HTTP
 * client asks for a step-up here and notes each request as activity.
 */
interface Pending {
  resolve: () => void;
  reject: (reason: unknown) => void;
}

const listeners = new Set<() => void>();
let snapshot = { reauth: null as Pending | null, lastActivity: 0, idleMinutes: 0 };
const update = (changes: Partial<typeof snapshot>) => {
  snapshot = { ...snapshot, ...changes };
  listeners.forEach((listener) => listener());
};

export const securityState = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => snapshot,
  /** Resolves once the member confirms it is them (password or code), rejects with `refusal` if they cancel. */
  askReauth: (refusal: unknown) =>
    new Promise<void>((resolve, reject) => update({ reauth: { resolve, reject: () => reject(refusal) } })),
  settleReauth: () => update({ reauth: null }),
  /** A request of the member's (the live stream's ticket is none): the server's idle timeout counts from it. */
  noteActivity: (idleMinutes: number) => update({ lastActivity: Date.now(), idleMinutes }),
};
