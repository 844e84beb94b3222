import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { MEETING_MESSAGES } from '@bh/shared';
import { addUser } from '../mocks/db.ts';
import { adminWorld, findHeading, renderInAdmin, renderPortal } from '../test/render.tsx';
import { TOASTS } from './Toasts.tsx';
import { TOASTS_UNASKED_WITHIN_MS } from './ToastsWhenNeeded.tsx';

const toasts = () => [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
const visible = () => toasts().filter((t) => t.dataset.visible === 'true' && t.dataset.removed !== 'true');
const front = () => toasts().find((t) => t.dataset.front === 'true');
/** sonner's region for its toasts, there as soon as the toasts have loaded, with or without a toast. */
const toastRegion = () => document.querySelector('section[aria-label^="Notifications"]');

function Notifier({ messages }: { messages: { text: string; type?: 'info' | 'success' | 'error' }[] }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => messages.forEach((m) => notify(m.text, { type: m.type ?? 'info' }))}>
      notify
    </button>
  );
}

function renderNotifier(messages: { text: string; type?: 'info' | 'success' | 'error' }[]) {
  renderInAdmin(<Notifier messages={messages} />);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (spec §9)', () => {
  it('shows three at once, newest in front, 356 px wide and 14 px apart, at the top, each for 4,000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderNotifier([1, 2, 3, 4, 5].map((n) => ({ text: `Upload ${n} done`, type: 'success' as const })));
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    await waitFor(() => expect(toasts()).toHaveLength(5));
    expect(visible()).toHaveLength(TOASTS.visible);
    expect(front()?.textContent).toContain('Upload 5 done');

    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    expect(toaster?.dataset.yPosition).toBe('top');
    expect(toaster?.style.getPropertyValue('--width')).toBe(`${TOASTS.widthPx}px`);
    expect(toaster?.style.getPropertyValue('--gap')).toBe(`${TOASTS.gapPx}px`);
    expect(TOASTS).toMatchObject({ visible: 3, durationMs: 4000, widthPx: 356, gapPx: 14, swipeThresholdPx: 20 });

    // Not gone a moment before 4,000 ms; gone (and the next ones shown) after.
    await act(() => vi.advanceTimersByTimeAsync(TOASTS.durationMs - 100));
    expect(screen.getByText('Upload 5 done')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.queryByText('Upload 5 done')).toBeNull());
  });

  it("puts a form's answer in front at once, never behind the toasts before it (Schedule Meetings)", async () => {
    const w = adminWorld();
    addUser(w.db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    addUser(w.db, { name: 'Dr. Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
    renderPortal('/admin/create-meeting');
    await findHeading('Schedule New Meeting');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Client ID \(email\)/), 'priya@example.in');
    await user.click(screen.getByRole('button', { name: /Client ID/ }));
    await screen.findByText('Client verified: Priya Nair');
    await user.type(screen.getByLabelText(/^BH Associate ID \(email\)/), 'meera@example.in');
    await user.click(screen.getByRole('button', { name: /BH Associate ID/ }));
    await screen.findByText('Doctor verified: Dr. Meera Rao');

    // Time stands still from here: whatever was showing stays, so only order decides what shows.
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Create Meeting' }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    // react-admin's single Snackbar would still be showing a check's toast, the answer queued behind it.
    expect(front()?.textContent).toContain('Please fix the errors before submitting.');
    expect(screen.getByText('Doctor verified: Dr. Meera Rao')).toBeInTheDocument();
    expect(MEETING_MESSAGES.doctorVerified('Dr. Meera Rao')).toBe('Doctor verified: Dr. Meera Rao');
  }, 60_000);
});

describe('toasts loaded when first wanted', () => {
  function NotifyOnFirstRender({ text }: { text: string }) {
    const notify = useNotify();
    useEffect(() => notify(text, { type: 'info' }), [notify, text]);
    return null;
  }

  it('shows a notification raised before the toasts have loaded, once they have', async () => {
    renderInAdmin(<NotifyOnFirstRender text="Welcome back" />);
    // The notification sends for them: it does not wait until they would have come unasked.
    expect(await screen.findByText('Welcome back', undefined, { timeout: TOASTS_UNASKED_WITHIN_MS / 2 })).toBeInTheDocument();
    expect(toasts()).toHaveLength(1);
  });

  it('loads them unasked soon after the first screen, so that the first toast does not wait for them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderInAdmin(<p>A screen</p>);
    expect(toastRegion()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(TOASTS_UNASKED_WITHIN_MS));
    await waitFor(() => expect(toastRegion()).not.toBeNull());
    expect(toasts()).toHaveLength(0);
  });
});
