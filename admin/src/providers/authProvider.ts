import type { AuthProvider } from 'react-admin';
import { apiCall, apiUrl, httpClient } from './httpClient';
import { clearStoredUser, endSession, readStoredUser, roleFromToken, storeUser, type StoredUser } from './session';
import { rememberSignInNotice } from './signInNotice';
import { roleCanAccess } from './resources';
import { ACCOUNT_SECURITY_ROUTE } from '../shared/routes';

/**
 * Sign-in against admin-login; the login is stored under `user` with accessToken, as the old system stores it.
 * A 401 ends the session in the HTTP client, whichever call got it; checkError then sends the member to '/'.
 */
export const authProvider: AuthProvider = {
  /**
   * Email and password, then (for a member with a second factor) the challenge they answered and a code or
   * a passkey's assertion.
   */
  async login(
    credentials:
      | { email: string; password: string }
      | { challenge: string; code: string }
      | { challenge: string; response: unknown },
  ) {
    const step =
      'response' in credentials
        ? 'admin/admin-login/mfa/passkey'
        : 'challenge' in credentials
          ? 'admin/admin-login/mfa'
          : 'admin/admin-login';
    const answer = await apiCall<Omit<StoredUser, 'accessToken'>>(step, { method: 'POST', json: credentials });
    if (answer.mfaRequired)
      throw Object.assign(new Error(answer.message), { challenge: answer.challenge, factors: answer.factors });
    if (!answer.data) throw new Error(answer.message);
    // Shown by the admin layout once /admin opens (the sign-in page's toasts go with it).
    rememberSignInNotice(answer.message);
    storeUser({ ...answer.data, accessToken: String(answer.jwtToken) });
    // A role that must have a second factor sets one up before anything else.
    return { redirectTo: answer.mfaEnrolmentRequired ? `/admin/${ACCOUNT_SECURITY_ROUTE}` : '/admin' };
  },
  /**
   * Signs out here, then ends the token on the server too (admin/logout). The login goes first, so that a
   * token the server already ended (a password change ends them all) answers a 401 that ends nothing more.
   */
  async logout() {
    const user = readStoredUser();
    if (user) {
      clearStoredUser();
      await httpClient(apiUrl('admin/logout'), {
        method: 'POST',
        headers: { Authorization: user.accessToken },
      }).catch(() => undefined);
    }
    return '/';
  },
  async checkAuth() {
    if (!readStoredUser()) throw { redirectTo: '/', message: false };
  },
  /** The sign-in page shows the 401's message (endSession keeps it), so react-admin shows none here. */
  async checkError(error: { status?: number; message?: string; body?: { reauth?: boolean } }) {
    // A refused step-up (the member cancelled the check) leaves the session as it is.
    if (error?.status !== 401 || error.body?.reauth) return;
    endSession(error.message || 'Your session has ended. Please sign in again.');
    throw { redirectTo: '/', message: false, logoutUser: true };
  },
  async getIdentity() {
    const user = readStoredUser();
    if (!user) throw new Error('Not signed in');
    return { id: user.id, fullName: user.name, email: user.email };
  },
  async getPermissions() {
    const user = readStoredUser();
    return user ? roleFromToken(user.accessToken) : null;
  },
  /**
   * react-admin's access control: every view of a resource (and its buttons) asks here, by the role's
   * permission for that resource (providers/resources.ts); a refused view shows react-admin's Access Denied.
   */
  async canAccess({ resource }: { resource: string; action: string }) {
    const user = readStoredUser();
    return roleCanAccess(user ? roleFromToken(user.accessToken) : null, resource);
  },
};
