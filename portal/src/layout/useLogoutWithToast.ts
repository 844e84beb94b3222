import { useCallback } from 'react';
import { useLogout, useNotify } from 'react-admin';
import { firstScreenMethods } from '../providers/firstScreenMethods.ts';
import { statusOf } from '../providers/http.ts';
import { LOGIN_PATH, type LogoutParams } from '../providers/authProvider.ts';

/**
 * Logout as the spec words it (§4, §8): the server's message or 'User logged out' on success, then
 * the login page; 'Logout failed. Please try again.' when the server cannot be reached, keeping the
 * user where they are. A session that had already ended counts as logged out.
 *
 * The call bypasses the dataProvider on purpose: its 401 handling would start a second logout.
 */
export function useLogoutWithToast(): () => Promise<void> {
  const logout = useLogout();
  const notify = useNotify();
  return useCallback(async () => {
    let message = 'bh.auth.loggedOut';
    try {
      const res = await firstScreenMethods.logoutUser();
      if (res.message) message = res.message;
    } catch (error) {
      if (statusOf(error) !== 401) {
        notify('bh.auth.logoutFailed', { type: 'error' });
        return;
      }
    }
    const params: LogoutParams = { serverDone: true };
    await logout(params, LOGIN_PATH, false);
    notify(message, { type: 'success' });
  }, [logout, notify]);
}
