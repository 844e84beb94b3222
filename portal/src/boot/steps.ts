/** Resolves in a task of its own: the browser may paint and answer input before what follows. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs each step's import, then `last`'s, each in a task of its own: a module's code runs when it
 * is imported, so the portal's start-up is several short tasks instead of one long one.
 */
export async function loadInSteps<T>(steps: readonly (() => Promise<unknown>)[], last: () => Promise<T>): Promise<T> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
  return last();
}
