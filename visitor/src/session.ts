/** Visitor tokens per order, for this tab only: they last 30 minutes on the server anyway. */
const key = (orderId: number) => `visitor.token.${orderId}`;

export function saveToken(orderId: number, token: string) {
  try {
    sessionStorage.setItem(key(orderId), token);
  } catch {
    // Blocked storage: the details page will ask to track again.
  }
}

export function readToken(orderId: number): string | null {
  try {
    return sessionStorage.getItem(key(orderId));
  } catch {
    return null;
  }
}

export function forgetToken(orderId: number) {
  try {
    sessionStorage.removeItem(key(orderId));
  } catch {
    // Nothing stored then.
  }
}
