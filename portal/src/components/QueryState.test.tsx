import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18nProvider } from '../i18n/i18nProvider.ts';
import { renderInAdmin } from '../test/render.tsx';
import { QueryState, useErrorToast, type QueryLike } from './QueryState.tsx';

function query(state: Partial<QueryLike<string[]>>): QueryLike<string[]> {
  return { isPending: false, isError: false, data: undefined, refetch: vi.fn(() => Promise.resolve()), ...state };
}

function Names({ q, retryKey }: { q: QueryLike<string[]>; retryKey?: string | null }) {
  return (
    <QueryState query={q} errorKey="bh.dashboard.loadFailed" {...(retryKey === undefined ? {} : { retryKey })}>
      {(names) => <p>{names.join(', ')}</p>}
    </QueryState>
  );
}

/** A query that fails and recovers at the click of a button; each click of 'render' re-renders. */
function Flaky() {
  const [failed, setFailed] = useState(false);
  const [, setRenders] = useState(0);
  useErrorToast(failed, 'bh.admin.coupons.loadFailed');
  return (
    <>
      <button type="button" onClick={() => setFailed((f) => !f)}>
        toggle
      </button>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        render
      </button>
    </>
  );
}

const couponsFailed = i18nProvider.translate('bh.admin.coupons.loadFailed');

describe('QueryState', () => {
  it('shows a named spinner while loading', () => {
    renderInAdmin(<Names q={query({ isPending: true })} />);
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('shows the error with a retry that refetches', async () => {
    const failed = query({ isError: true });
    renderInAdmin(<Names q={failed} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load your sessions.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('leaves the retry out when asked', () => {
    renderInAdmin(<Names q={query({ isError: true })} retryKey={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load your sessions.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the data once it is there', () => {
    renderInAdmin(<Names q={query({ data: ['Priya', 'Meera'] })} />);
    expect(screen.getByText('Priya, Meera')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('useErrorToast', () => {
  it('toasts a failure once, however often the screen renders, and again after a recovery', async () => {
    const user = userEvent.setup();
    renderInAdmin(<Flaky />);
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(await screen.findByText(couponsFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'render' }));
    await user.click(screen.getByRole('button', { name: 'render' }));
    expect(screen.getAllByText(couponsFailed)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(screen.getAllByText(couponsFailed)).toHaveLength(2));
  });
});
