import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useDataProvider, useGetIdentity, usePermissions, type UserIdentity } from 'react-admin';
import { ROLES, VERIFICATION_STATUSES } from '@bh/shared';
import { canAccess, type AccessRequest, type PortalPermissions } from './canAccess.ts';
import type { PortalAuthProvider, PortalIdentity } from './authProvider.ts';
import type { PortalDataProvider } from './dataProvider.ts';

function isPortalIdentity(identity: UserIdentity | undefined): identity is PortalIdentity {
  return (
    !!identity &&
    typeof identity.email === 'string' &&
    (ROLES as readonly unknown[]).includes(identity.role) &&
    (VERIFICATION_STATUSES as readonly unknown[]).includes(identity.isVerified)
  );
}

/** The signed-in user, as the authProvider loaded it. */
export function usePortalIdentity(): { identity: PortalIdentity | undefined; isPending: boolean } {
  const { identity, isPending } = useGetIdentity();
  return { identity: isPortalIdentity(identity) ? identity : undefined, isPending };
}

/** The user's permissions and the shared `canAccess` rule bound to them. */
export function useAccess(): {
  permissions: PortalPermissions | null;
  isPending: boolean;
  can: (resource: AccessRequest['resource'], action: string) => boolean;
} {
  const { permissions, isPending } = usePermissions<PortalPermissions | null>();
  const current = permissions ?? null;
  const can = useCallback(
    (resource: AccessRequest['resource'], action: string) => canAccess(current, { resource, action }),
    [current],
  );
  return { permissions: current, isPending, can };
}

export function usePortalDataProvider(): PortalDataProvider {
  return useDataProvider<PortalDataProvider>();
}

/**
 * Reloads the user from the server and every query built on it (identity, permissions, access),
 * e.g. after an application moves the verification status to pending.
 */
export function useRefreshUser(): () => Promise<void> {
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await authProvider?.refreshUser().catch(() => null);
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
  }, [authProvider, queryClient]);
}
