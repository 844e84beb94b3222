import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Its children, drawn in a render of their own after the one that mounts it: React first commits
 * the screen without them, then renders them in the background (a transition, in slices) and
 * commits them separately. For parts below the fold: what a phone shows first is committed sooner,
 * and no single commit holds the main thread for the whole screen (issue 20). A `Later` inside
 * another comes one commit after it. (Not `useDeferredValue(true, false)`: inside a render that
 * is itself deferred it answers `true` at once, so a nested one would not wait.)
 */
export function Later({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? children : null;
}
