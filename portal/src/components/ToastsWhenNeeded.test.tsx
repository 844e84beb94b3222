import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { renderInAdmin } from '../test/render.tsx';
import { TOASTS_RETRY_AFTER_MS } from './ToastsWhenNeeded.tsx';

/** The toasts' file fails to arrive this many more times (a lost connection, a deploy). */
const failing = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./Toasts.tsx', async (importOriginal) => {
  if (failing.loads > 0) {
    failing.loads -= 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

function NotifyOnFirstRender({ text }: { text: string }) {
  const notify = useNotify();
  useEffect(() => notify(text, { type: 'info' }), [notify, text]);
  return <p>The screen</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts whose file does not arrive', () => {
  it('keeps the screen, and shows the waiting notification once a later try loads them', async () => {
    failing.loads = 1;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderInAdmin(<NotifyOnFirstRender text="Meeting scheduled" />);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(failing.loads).toBe(0);
    expect(screen.getByText('The screen')).toBeInTheDocument();
    expect(screen.queryByText('Meeting scheduled')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(TOASTS_RETRY_AFTER_MS));
    expect(await screen.findByText('Meeting scheduled')).toBeInTheDocument();
    expect(screen.getByText('The screen')).toBeInTheDocument();
  });
});
