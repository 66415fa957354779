import { apiCall } from '../httpClient';
import { messageOf } from './orders';

/** The signed-in member's own account (SPEC section 7). */
export const accountMethods = {
  /** Ends every session of the member on the server; the caller then signs out here too. */
  changePassword: (newPassword: string) =>
    messageOf(apiCall('admin/change-password', { method: 'POST', json: { newPassword } })),
};
