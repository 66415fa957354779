import type { Role } from '@app/domain';
import { STORAGE_KEY } from '../shared/config';

/** The stored login, as the old system keeps it: the sign-in answer plus accessToken. */
export interface StoredUser {
  accessToken: string;
  id: number;
  name: string;
  email: string;
  type: Role;
}

export function readStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const user = raw ? (JSON.parse(raw) as StoredUser) : null;
    return user?.accessToken ? user : null;
  } catch {
    return null;
  }
}

/** Who wants to know when the login is stored or removed (the /admin guard re-renders then). */
const listeners = new Set<() => void>();
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((listener) => listener());

export const storeUser = (user: StoredUser) => {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  changed();
};
export const clearStoredUser = () => {
  localStorage.removeItem(STORAGE_KEY);
  changed();
};

/**
 * The message of the 401 that ended the session (or of the password change that did), kept until the
 * sign-in page shows it: the admin screens that received it are gone by then, and so is their toast area.
 */
const SIGN_OUT_NOTICE_KEY = 'signOutNotice';
export interface SignOutNotice {
  message: string;
  type: 'error' | 'success';
}
export const rememberSignOutNotice = (message: string, type: SignOutNotice['type'] = 'error') =>
  sessionStorage.setItem(SIGN_OUT_NOTICE_KEY, JSON.stringify({ message, type }));
/** A 401 ends the session: the login goes, and its message waits for the sign-in page (no login, no notice). */
export function endSession(message: string) {
  if (!readStoredUser()) return;
  clearStoredUser();
  rememberSignOutNotice(message);
}
export function takeSignOutNotice(): SignOutNotice | null {
  const stored = sessionStorage.getItem(SIGN_OUT_NOTICE_KEY);
  sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
  try {
    return stored ? (JSON.parse(stored) as SignOutNotice) : null;
  } catch {
    return null;
  }
}

/** The role, read from the token's payload (as in the old system: a user object holding name and type). */
export function roleFromToken(token: string): Role | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return payload?.user?.type ?? null;
  } catch {
    return null;
  }
}
