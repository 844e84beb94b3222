import { lazy, Suspense, useEffect, useState } from 'react';
import { useNotificationContext } from 'react-admin';

const Toasts = lazy(() => import('./Toasts.tsx').then((module) => ({ default: module.Toasts })));

/** At the latest this long after the app has drawn its first screen, the toasts load unasked. */
export const TOASTS_UNASKED_WITHIN_MS = 2_000;

/**
 * The toasts (Toasts.tsx: sonner, and the styles it adds to the page as it loads) are in no first
 * screen, so they are not in the start-up's files: they load with the first notification, or once
 * the browser is idle after the first screen is drawn, whichever comes first. A notification raised
 * before they have arrived waits in react-admin's queue, and shows as they mount.
 */
export function ToastsWhenNeeded() {
  const { notifications } = useNotificationContext();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length > 0) setWanted(true);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(want, { timeout: TOASTS_UNASKED_WITHIN_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(want, TOASTS_UNASKED_WITHIN_MS);
    return () => window.clearTimeout(id);
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
