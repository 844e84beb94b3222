import { useEffect, useRef, type ReactNode } from 'react';
import { Loading, Navigate, useNotify } from 'react-admin';
import { DASHBOARD_PATH } from '../providers/authProvider.ts';
import { useAccess } from '../providers/hooks.ts';

/**
 * A route guard on the shared `canAccess` rule (spec §2.1, §6): a spinner while the permissions
 * load, then the page, or a redirect to the dashboard with an optional toast.
 */
export function RequireAccess({
  resource,
  action,
  deniedMessage,
  children,
}: {
  resource: string;
  action: string;
  /** i18n key of the toast shown when turned away. */
  deniedMessage?: string;
  children: ReactNode;
}) {
  const { can, isPending } = useAccess();
  const notify = useNotify();
  const allowed = can(resource, action);
  const notified = useRef(false);

  useEffect(() => {
    if (!isPending && !allowed && deniedMessage && !notified.current) {
      notified.current = true;
      notify(deniedMessage, { type: 'error' });
    }
  }, [isPending, allowed, deniedMessage, notify]);

  if (isPending) return <Loading />;
  if (!allowed) return <Navigate to={DASHBOARD_PATH} replace />;
  return <>{children}</>;
}

/** Admin pages: verified admins only; anyone else is told 'Access denied. Admin only.' (spec §6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <RequireAccess resource="admin" action="view" deniedMessage="bh.auth.adminOnly">
      {children}
    </RequireAccess>
  );
}
