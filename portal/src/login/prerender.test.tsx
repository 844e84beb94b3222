import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App, createQueryClient } from '../App.tsx';
import { addUser, MOCK_PASSWORD } from '../mocks/db.ts';
import { serveMockApi, testDb } from '../test/render.tsx';
import { REMEMBERED_LOGIN_KEY } from './rememberedLogin.ts';
import { renderLoginPage } from './prerender.tsx';

let mounted: { root: Root; container: HTMLElement } | null = null;

afterEach(() => {
  act(() => mounted?.root.unmount());
  mounted?.container.remove();
  mounted = null;
});

/**
 * login.html's page as the build draws it (with its Login button disabled, as the build writes it),
 * what someone does in it before the app's scripts arrive, and then the app hydrating it, as
 * start.tsx does in the browser.
 */
async function hydrateDrawnPage(before: (page: { email: HTMLInputElement; password: HTMLInputElement }) => void = () => {}) {
  const db = testDb();
  addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
  serveMockApi(db);
  const { markup, title } = await renderLoginPage();
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  const drawn = {
    heading: container.querySelector('h1'),
    email: container.querySelector<HTMLInputElement>('#login-email')!,
    password: container.querySelector<HTMLInputElement>('#login-password')!,
    submit: container.querySelector<HTMLButtonElement>('button[type="submit"]')!,
  };
  drawn.submit.disabled = true;
  before(drawn);
  const errors: unknown[] = [];
  const router = createMemoryRouter([{ path: '*', element: <App queryClient={createQueryClient()} /> }], { initialEntries: ['/login'] });
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  mounted = { root, container };
  return { drawn, errors, title, router };
}

describe('the sign-in page drawn at build time (login.html, issue 20)', () => {
  it('is the app’s own first render: hydrating it keeps every element and reports no mismatch', async () => {
    const { drawn, errors, title } = await hydrateDrawnPage();
    expect(title).toBe('Login · Better Health');
    expect(errors).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBe(drawn.heading);
    expect(screen.getByLabelText(/^Better Health ID/)).toBe(drawn.email);
    // The build's disabled button is the app's to enable.
    expect(screen.getByRole('button', { name: 'Login' })).toBe(drawn.submit);
    expect(drawn.submit).toBeEnabled();
    expect(drawn.email).toHaveFocus();
  });

  it('keeps what was typed before the app started, and signs in with it', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(REMEMBERED_LOGIN_KEY, JSON.stringify({ email: 'someone.else@example.in' }));
    const { router } = await hydrateDrawnPage(({ email, password }) => {
      email.value = 'priya@example.in';
      password.value = MOCK_PASSWORD.slice(0, 3);
      password.focus();
    });
    const email = screen.getByLabelText(/^Better Health ID/);
    const password = screen.getByLabelText(/^Password/);
    // Typed wins over remembered; the focus stays in the password, where the rest of it goes.
    expect(email).toHaveValue('priya@example.in');
    expect(screen.getByLabelText('Remember me')).toBeChecked();
    expect(password).toHaveFocus();
    await user.type(password, MOCK_PASSWORD.slice(3));
    expect(password).toHaveValue(MOCK_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Success')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('fills in the email this browser remembers when nothing was typed, and puts the focus in the password', async () => {
    window.localStorage.setItem(REMEMBERED_LOGIN_KEY, JSON.stringify({ email: 'priya@example.in' }));
    await hydrateDrawnPage();
    expect(screen.getByLabelText(/^Better Health ID/)).toHaveValue('priya@example.in');
    expect(screen.getByLabelText('Remember me')).toBeChecked();
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
  });
});
