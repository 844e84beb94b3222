import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * Whether every `Later` below draws its children in the same render: for a render that runs no
 * effects, the build's server render of the first screens (firstScreenStyles.tsx), which keeps the
 * styles of all they show, the tables too.
 */
export const LaterDrawnAtOnce = createContext(false);

/**
 * Its children, drawn in a render of their own after the one that mounts it: React first commits
 * the screen without them, then renders them in the background (a transition, in slices) and
 * commits them separately. For parts below the fold: what a phone shows first is committed sooner,
 * and no single commit holds the main thread for the whole screen (issue 20). A `Later` inside
 * another comes one commit after it. (Not `useDeferredValue(true, false)`: inside a render that
 * is itself deferred it answers `true` at once, so a nested one would not wait.)
 */
export function Later({ children }: { children: ReactNode }) {
  const atOnce = useContext(LaterDrawnAtOnce);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready || atOnce ? children : null;
}
