import { useEffect, useState } from 'react';
import { useNotificationContext } from 'react-admin';

type ToastsModule = typeof import('./Toasts.tsx');

/** At the latest this long after the app has drawn its first screen, the toasts load unasked. */
export const TOASTS_UNASKED_WITHIN_MS = 2_000;
/** After a load that failed (a lost connection, files replaced by a deploy), the next try waits this long. */
export const TOASTS_RETRY_AFTER_MS = 5_000;

/**
 * The toasts (Toasts.tsx: sonner, and the styles it adds to the page as it loads) are in no first
 * screen, so they are not in the start-up's files: they load with the first notification, or once
 * the browser is idle after the first screen is drawn, whichever comes first. A notification raised
 * before they have arrived waits in react-admin's queue, and shows as they mount. A load that fails
 * is tried again later; it never takes the screen down with it, as a lazy component outside every
 * error boundary would.
 */
export function ToastsWhenNeeded() {
  const { notifications } = useNotificationContext();
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState<ToastsModule | null>(null);
  const [failures, setFailures] = useState(0);
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

  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    const load = () =>
      import('./Toasts.tsx').then(
        (module) => live && setLoaded(module),
        () => live && setFailures((n) => n + 1),
      );
    const retry = failures === 0 ? undefined : window.setTimeout(load, TOASTS_RETRY_AFTER_MS);
    if (retry === undefined) void load();
    return () => {
      live = false;
      window.clearTimeout(retry);
    };
  }, [wanted, loaded, failures]);

  return loaded ? <loaded.Toasts /> : null;
}
