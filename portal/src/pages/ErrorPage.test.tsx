import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderInAdmin } from '../test/render.tsx';
import { appReload, CHUNK_RELOAD_KEY, describeError, ErrorPage } from './ErrorPage.tsx';

function show(error: unknown) {
  renderInAdmin(<ErrorPage error={error} />, { path: '/details' });
}

describe('the error page (spec §2.17)', () => {
  it('shows the error message and a way back to the dashboard', () => {
    show(new Error('Cannot read the meeting list'));
    expect(screen.getByText('Oops! Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Cannot read the meeting list')).toBeInTheDocument();
    // The portal's dashboard is /dashboard: / is the public site.
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('prefers a response’s status text', () => {
    expect(describeError({ status: 503, statusText: 'Service Unavailable', message: 'fetch failed' })).toBe('Service Unavailable');
  });

  it("falls back to 'An unexpected error occurred'", () => {
    show({ unexpected: true });
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
    expect(describeError(null)).toBeNull();
    expect(describeError('  ')).toBeNull();
    expect(describeError('Broken')).toBe('Broken');
  });
});

describe('the error page after a deploy (issue 13)', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('reloads the app once when a chunk of the previous deploy is missing, then shows the spec texts without the raw message', () => {
    const reload = vi.spyOn(appReload, 'reload').mockImplementation(() => undefined);
    const missing = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:8080/app-assets/Dashboard-Bx12.js');
    show(missing);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    expect(screen.queryByText('Oops! Something went wrong')).toBeNull();

    // The reloaded page fails the same way: no second reload, no loop, and no technical noise.
    cleanup();
    show(missing);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Oops! Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
    expect(screen.queryByText(/dynamically imported|app-assets/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows a program error as the spec’s default text, and never reloads for it', () => {
    const reload = vi.spyOn(appReload, 'reload').mockImplementation(() => undefined);
    show(new TypeError("Cannot read properties of undefined (reading 'meetings')"));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
    expect(screen.queryByText(/Cannot read properties/)).toBeNull();
  });
});
