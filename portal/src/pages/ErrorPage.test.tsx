import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AdminContext, memoryStore } from 'react-admin';
import { i18nProvider } from '../i18n/i18nProvider.ts';
import { describeError, ErrorPage } from './ErrorPage.tsx';

function show(error: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
            <ErrorPage error={error} />
          </AdminContext>
        ),
      },
    ],
    { initialEntries: ['/details'] },
  );
  render(<RouterProvider router={router} />);
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
