import type { AuthProvider, UserIdentity } from 'react-admin';
import { AUTH_MESSAGES, type LoginRequest, type PublicUser } from '@bh/shared';
// The user area's operations alone: the whole contract (`api`) would put every operation's schemas
// into the sign-in page's file (issue 20).
import { user as userOps } from '@bh/shared/contract/user';
import { ApiError, client, statusOf } from './http.ts';
import { canAccess, type PortalPermissions } from './canAccess.ts';
import { DASHBOARD_PATH, LOGIN_PATH } from '@bh/shared/rules/portal-pages';

// The portal's paths, which the server names too (its redirect, the emailed links' pages).
export { ACCEPT_INVITATION_PATH, DASHBOARD_PATH, FORGOT_PASSWORD_PATH, LOGIN_PATH, RESET_PASSWORD_PATH } from '@bh/shared/rules/portal-pages';

export interface PortalIdentity extends UserIdentity {
  id: string;
  fullName: string;
  email: string;
  role: PublicUser['role'];
  isVerified: PublicUser['isVerified'];
  rejectionReason?: string;
}

export interface LoginResult {
  redirectTo: string;
  message: string;
}

export interface LogoutParams {
  /** The caller already ended the session on the server (and told the user). */
  serverDone?: boolean;
}

export interface PortalAuthProvider extends AuthProvider {
  login(params: LoginRequest): Promise<LoginResult>;
  /** The signed-in person (loaded once, on start-up or at login), or null when nobody is. */
  currentUser(): Promise<PublicUser | null>;
  /** Reloads the user from the server, e.g. after an application changes the verification status. */
  refreshUser(): Promise<PublicUser | null>;
}

export interface AuthProviderOptions {
  /**
   * Told who is signed in as soon as it is known: when a session is restored on start-up, and on a
   * login (which always lands on the dashboard). The portal asks for the first screen's data then
   * (`firstData.ts`).
   */
  onSignedIn?: (user: PublicUser, how: 'restored' | 'login') => void;
}

/** What react-admin's getIdentity answers for a person. */
export function identityOf(u: PublicUser): PortalIdentity {
  return {
    id: u._id,
    fullName: u.name,
    email: u.email,
    role: u.role,
    isVerified: u.isVerified,
    ...(u.rejectionReason ? { rejectionReason: u.rejectionReason } : {}),
  };
}

/** What react-admin's getPermissions answers: what the access rule reads of a person. */
export function permissionsOf(u: PublicUser | null): PortalPermissions | null {
  return u ? { role: u.role, isVerified: u.isVerified } : null;
}

/**
 * Cookie sessions (DESIGN §3): the browser holds only an HttpOnly cookie, so the user is whatever
 * the profile call says. It is loaded once on start-up (session restore) and after login, and
 * reloaded on demand; a 401 from any call ends the portal session.
 */
export function createAuthProvider(options: AuthProviderOptions = {}): PortalAuthProvider {
  let current: Promise<PublicUser | null> | null = null;

  const fetchUser = (why: 'restore' | 'refresh'): Promise<PublicUser | null> => {
    const request = client.call(userOps.profile).then(
      (res) => {
        if (why === 'restore' && res.user) options.onSignedIn?.(res.user, 'restored');
        return res.user;
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return null;
        // Not knowing (network, outage) is not the same as being signed out: try again next time.
        if (current === request) current = null;
        throw error;
      },
    );
    current = request;
    return request;
  };

  const user = (): Promise<PublicUser | null> => current ?? fetchUser('restore');

  return {
    async login(params: LoginRequest): Promise<LoginResult> {
      const res = await client.call(userOps.login, { body: params });
      current = Promise.resolve(res.user);
      options.onSignedIn?.(res.user, 'login');
      return { redirectTo: DASHBOARD_PATH, message: res.message || AUTH_MESSAGES.loginSuccess };
    },

    async logout(params?: LogoutParams): Promise<string> {
      const signedIn = current ? await current.catch(() => null) : null;
      current = Promise.resolve(null);
      if (signedIn && !params?.serverDone) {
        // Ending a session the server has already dropped fails harmlessly.
        await client.call(userOps.logout).catch(() => undefined);
      }
      return LOGIN_PATH;
    },

    async checkAuth(): Promise<void> {
      const u = await user().catch((error: unknown) => {
        throw { message: error instanceof ApiError && error.serverMessage ? error.serverMessage : false };
      });
      // `message: false` sends a signed-out visitor to the login page without an error toast.
      if (!u) throw { message: false };
    },

    async checkError(error: unknown): Promise<void> {
      // 403 means "not for your role or status", which is not a reason to sign out.
      if (statusOf(error) === 401) {
        current = Promise.resolve(null);
        throw error;
      }
    },

    async getIdentity(): Promise<PortalIdentity> {
      const u = await user();
      if (!u) throw new Error('Not signed in');
      return identityOf(u);
    },

    async getPermissions(): Promise<PortalPermissions | null> {
      return permissionsOf(await user().catch(() => null));
    },

    async canAccess(params: { action: string; resource: string }): Promise<boolean> {
      return canAccess(permissionsOf(await user().catch(() => null)), params);
    },

    currentUser: user,

    async refreshUser(): Promise<PublicUser | null> {
      return fetchUser('refresh');
    },
  };
}
