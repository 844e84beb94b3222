import { lazy, Suspense, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyScreen, moduleLoader } from './signedInScreens.ts';

/** Counts how often the fallback mounts: each time it would have been on screen. */
function Fallback({ shown }: { shown: { count: number } }) {
  useEffect(() => {
    shown.count += 1;
  }, [shown]);
  return <p>Loading…</p>;
}

const Screen = () => <h1>Dashboard</h1>;

describe('screens whose module is already here (issue 20)', () => {
  it('renders a preloaded screen in the first pass, never showing the fallback (React.lazy shows it, and then holds the screen back)', async () => {
    const loader = moduleLoader(() => Promise.resolve({ default: Screen }));
    await loader();

    const Preloaded = lazyScreen(loader, (m) => m.default);
    const shown = { count: 0 };
    render(<Suspense fallback={<Fallback shown={shown} />}><Preloaded /></Suspense>);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(shown.count).toBe(0);

    // The plain React.lazy of the same loaded module: the fallback first.
    const plainShown = { count: 0 };
    const Plain = lazy(loader);
    render(<Suspense fallback={<Fallback shown={plainShown} />}><Plain /></Suspense>);
    expect(plainShown.count).toBe(1);
  });

  it('loads a screen not here yet, showing the fallback meanwhile, and asks for its module once', async () => {
    let calls = 0;
    let arrive: (m: { default: typeof Screen }) => void = () => {};
    const loader = moduleLoader(() => {
      calls += 1;
      return new Promise<{ default: typeof Screen }>((resolve) => (arrive = resolve));
    });
    const Lazy = lazyScreen(loader, (m) => m.default);
    void loader();
    render(<Suspense fallback={<p>Loading…</p>}><Lazy /></Suspense>);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => arrive({ default: Screen }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(calls).toBe(1);
    expect(loader.current?.default).toBe(Screen);
  });

  it('asks again after a failed load instead of keeping the failure', async () => {
    let calls = 0;
    const loader = moduleLoader(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Screen })));
    await expect(loader()).rejects.toThrow('offline');
    expect(loader.current).toBeUndefined();
    await expect(loader()).resolves.toEqual({ default: Screen });
    expect(calls).toBe(2);
  });
});
