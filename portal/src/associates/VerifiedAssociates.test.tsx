import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { REGISTRATION_MESSAGES } from '@bh/shared';
import { addUser } from '../mocks/db.ts';
import { server } from '../test/server.ts';
import { adminWorld, findHeading, renderPortal } from '../test/render.tsx';
import { api } from '@bh/shared/contract';
import { mockPath } from '../mocks/contract.ts';

/** Stands in for the browser's observer: the test says when the end of the list is on screen. */
class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
  }
  observe() {
    FakeIntersectionObserver.live.add(this);
  }
  unobserve() {}
  disconnect() {
    FakeIntersectionObserver.live.delete(this);
  }
  takeRecords() {
    return [];
  }
}

function scrollToEnd() {
  act(() => {
    // A snapshot: a callback may add or remove observers while this loop runs.
    for (const observer of Array.from(FakeIntersectionObserver.live)) {
      observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
    }
  });
}

beforeEach(() => {
  FakeIntersectionObserver.live.clear();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** `count` verified associates named assoc-01 … in email order, plus people who must never show. */
function world(count: number) {
  const w = adminWorld();
  for (let i = 1; i <= count; i += 1) {
    const n = String(i).padStart(2, '0');
    addUser(w.db, { name: `Associate ${n}`, email: `assoc-${n}@example.in`, role: 'doctor', isVerified: 'verified' });
  }
  addUser(w.db, { name: 'Pending Person', email: 'assoc-pending@example.in', role: 'doctor', isVerified: 'pending' });
  addUser(w.db, { name: 'A Client', email: 'assoc-client@example.in', role: 'user' });
  const calls: URL[] = [];
  server.use(
    http.get(mockPath(api.register.verified), ({ request }) => {
      calls.push(new URL(request.url));
    }),
  );
  return { ...w, calls };
}

const cards = () => within(screen.getByRole('list', { name: 'Verified BH Associates' })).getAllByRole('listitem');
const searchBox = () => screen.getByRole('textbox', { name: 'Search by email' });

async function open() {
  renderPortal('/admin/verified-doctors');
  await findHeading('Verified BH Associates');
  await screen.findByText('Associate 01');
}

describe('Verified BH Associates (/admin/verified-doctors)', () => {
  it('loads pages of 10 as the end of the list scrolls into view, appending each', async () => {
    const { calls } = world(23);
    await open();
    expect(cards()).toHaveLength(10);
    expect(calls[0]?.searchParams.get('page')).toBe('1');
    expect(calls[0]?.searchParams.get('limit')).toBe('10');

    scrollToEnd();
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(calls.at(-1)?.searchParams.get('page')).toBe('2');
    expect(within(cards()[0]!).getByText('Associate 01')).toBeTruthy();

    scrollToEnd();
    await waitFor(() => expect(cards()).toHaveLength(23));
    expect(screen.getByText('That is everyone.')).toBeTruthy();
    const before = calls.length;
    scrollToEnd();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(before);
    expect(screen.queryByText('Pending Person')).toBeNull();
    expect(screen.queryByText('A Client')).toBeNull();
  });

  it("switches to a search (trimmed), stops paging, then returns to paging from page 1 when cleared", async () => {
    const { calls } = world(23);
    const user = userEvent.setup();
    await open();
    scrollToEnd();
    await waitFor(() => expect(cards()).toHaveLength(20));

    await user.type(searchBox(), '  assoc-07@example.in  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]!).getByText('Associate 07')).toBeTruthy();
    expect(calls.at(-1)?.searchParams.get('email')).toBe('assoc-07@example.in');
    expect(calls.at(-1)?.searchParams.get('page')).toBe('1');
    expect(await screen.findByText('Found 1 BH Associate(s) matching assoc-07@example.in')).toBeTruthy();

    const during = calls.length;
    scrollToEnd();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(during);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(searchBox()).toHaveProperty('value', '');
    const last = calls.at(-1);
    expect(last?.searchParams.get('page')).toBe('1');
    expect(last?.searchParams.has('email')).toBe(false);
  });

  it('a blank or whitespace-only search resets to the full list', async () => {
    const { calls } = world(12);
    const user = userEvent.setup();
    await open();
    await user.type(searchBox(), 'assoc-1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(cards()).toHaveLength(3));

    await user.clear(searchBox());
    await user.type(searchBox(), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(calls.at(-1)?.searchParams.has('email')).toBe(false);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it("shows 'No Results Found' and its toast for a search with no hits", async () => {
    world(3);
    const user = userEvent.setup();
    await open();
    await user.type(searchBox(), 'nobody@example.in');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No Results Found')).toBeTruthy();
    expect(screen.getByText(REGISTRATION_MESSAGES.noSearchResults)).toBeTruthy();
    expect(await screen.findByText('No BH Associates found matching nobody@example.in')).toBeTruthy();
  });

  it("shows 'All Caught Up!' when nobody is verified yet", async () => {
    world(0);
    renderPortal('/admin/verified-doctors');
    expect(await screen.findByText('All Caught Up!', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(REGISTRATION_MESSAGES.noVerified)).toBeTruthy();
  });

  it("says 'Failed to fetch verified BH Associates' when the list cannot be loaded", async () => {
    const { db } = world(3);
    db.failures[api.register.verified.operationId] = 403;
    renderPortal('/admin/verified-doctors');
    expect((await screen.findAllByText(REGISTRATION_MESSAGES.verifiedFetchFailed, {}, { timeout: 5000 })).length).toBeGreaterThanOrEqual(1);
  });
});
