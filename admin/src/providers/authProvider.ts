import type { AuthProvider } from 'react-admin';
import { apiCall } from './httpClient';
import {
  clearStoredUser,
  readStoredUser,
  rememberSignOutNotice,
  roleFromToken,
  storeUser,
  type StoredUser,
} from './session';

/**
 * Sign-in against admin-login; the login is stored under `user` with accessToken (SPEC section 3).
 * A 401 from any call removes it and sends the member back to the sign-in page at /.
 */
export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const answer = await apiCall<Omit<StoredUser, 'accessToken'>>('admin/admin-login', {
      method: 'POST',
      json: { email, password },
    });
    if (!answer.data) throw new Error(answer.message);
    storeUser({ ...answer.data, accessToken: String(answer.jwtToken) });
    return { redirectTo: '/admin' };
  },
  async logout() {
    clearStoredUser();
    return '/';
  },
  async checkAuth() {
    if (!readStoredUser()) throw { redirectTo: '/', message: false };
  },
  async checkError(error: { status?: number; message?: string }) {
    if (error?.status === 401) {
      clearStoredUser();
      if (error.message) rememberSignOutNotice(error.message);
      throw { redirectTo: '/', message: error.message, logoutUser: true };
    }
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
};
