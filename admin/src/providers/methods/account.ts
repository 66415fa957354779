import { apiCall } from '../httpClient';
import { messageOf } from './orders';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** The signed-in member's own account (the API also asks for the current password). */
export const accountMethods = {
  /** Ends every session of the member on the server; the caller then signs out here too. */
  changePassword: (passwords: PasswordChange) =>
    messageOf(apiCall('admin/change-password', { method: 'POST', json: passwords })),
};
