import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { addUser, MOCK_PASSWORD } from '../mocks/db.ts';
import { server } from '../test/server.ts';
import { renderPortal, testDb } from '../test/render.tsx';
import { REMEMBERED_LOGIN_KEY } from './rememberedLogin.ts';
import { api } from '@bh/shared/contract';
import { mockPath } from '../mocks/contract.ts';

async function openLogin(seed?: (db: ReturnType<typeof testDb>) => void) {
  const db = testDb();
  seed?.(db);
  const portal = renderPortal('/login', { db });
  await screen.findByText('Welcome Back');
  return portal;
}

describe('the login page (spec §2.3)', () => {
  it('shows the spec texts and fields', async () => {
    await openLogin();
    expect(screen.getByText('Sign in to continue to Better Health')).toBeInTheDocument();
    const email = screen.getByLabelText(/^Better Health ID/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('name', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Remember me')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('signs in, says so with the server message and goes to the dashboard', async () => {
    const user = userEvent.setup();
    let priyaName = '';
    const portal = await openLogin((db) => {
      priyaName = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' }).name;
    });
    await user.type(screen.getByLabelText(/^Better Health ID/), 'Priya@Example.in');
    await user.type(screen.getByLabelText(/^Password/), MOCK_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Success')).toBeInTheDocument();
    await waitFor(() => expect(portal.path()).toBe('/dashboard'));
    expect(await screen.findByText(`Hello, ${priyaName.split(' ')[0]}!`)).toBeInTheDocument();
  });

  it('shows the server message when the sign-in is refused, and stays', async () => {
    const user = userEvent.setup();
    const portal = await openLogin((db) => addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' }));
    await user.type(screen.getByLabelText(/^Better Health ID/), 'priya@example.in');
    await user.type(screen.getByLabelText(/^Password/), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // In the toast, and above the fields as an alert that takes the focus.
    await waitFor(() => expect(screen.getAllByText('Invalid email or password')).toHaveLength(2));
    expect(portal.path()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('gives the focus to the refusal, an alert above the fields, instead of leaving it on the button (issue 53)', async () => {
    const user = userEvent.setup();
    await openLogin((db) => addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' }));
    await user.type(screen.getByLabelText(/^Better Health ID/), 'priya@example.in');
    await user.type(screen.getByLabelText(/^Password/), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    await waitFor(() => expect(alert).toHaveFocus());
    // The next attempt starts without it.
    await user.type(screen.getByLabelText(/^Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
  });

  it('moves the focus to the first field in error, which its message describes (issue 53)', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const email = screen.getByLabelText(/^Better Health ID/);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    await user.type(email, 'priya@example.in');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription('Password is required');
  });

  it("falls back to 'Login failed' when the server says nothing", async () => {
    const user = userEvent.setup();
    await openLogin();
    server.use(http.post(mockPath(api.user.login), () => new HttpResponse('upstream down', { status: 502 })));
    await user.type(screen.getByLabelText(/^Better Health ID/), 'priya@example.in');
    await user.type(screen.getByLabelText(/^Password/), 'whatever-it-is');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getAllByText('Login failed')).toHaveLength(2));
  });

  it("shows 'Please wait' and disables the button while the request runs", async () => {
    const user = userEvent.setup();
    await openLogin((db) => addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' }));
    server.use(
      http.post(mockPath(api.user.login), async () => {
        await delay(300);
        return HttpResponse.json({ success: false, message: 'Invalid email or password' }, { status: 401 });
      }),
    );
    await user.type(screen.getByLabelText(/^Better Health ID/), 'priya@example.in');
    await user.type(screen.getByLabelText(/^Password/), 'secret-secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const waiting = await screen.findByRole('button', { name: 'Please wait' });
    expect(waiting).toBeDisabled();
    await waitFor(() => expect(screen.getAllByText('Invalid email or password')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('moves from the email to an empty password on Enter, and submits on Enter otherwise', async () => {
    const user = userEvent.setup();
    const portal = await openLogin((db) => addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' }));
    await user.type(screen.getByLabelText(/^Better Health ID/), 'priya@example.in{Enter}');
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), `${MOCK_PASSWORD}{Enter}`);
    await waitFor(() => expect(portal.path()).toBe('/dashboard'));
  });

  it('submits from the email field when the password is already filled', async () => {
    const user = userEvent.setup();
    const portal = await openLogin((db) => addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' }));
    await user.type(screen.getByLabelText(/^Password/), MOCK_PASSWORD);
    await user.type(screen.getByLabelText(/^Better Health ID/), 'priya@example.in{Enter}');
    await waitFor(() => expect(portal.path()).toBe('/dashboard'));
  });

  it('asks for both fields before calling the server', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('remembers the email only, and pre-fills it next time', async () => {
    const user = userEvent.setup();
    await openLogin((db) => addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' }));
    await user.type(screen.getByLabelText(/^Better Health ID/), 'priya@example.in');
    await user.type(screen.getByLabelText(/^Password/), MOCK_PASSWORD);
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Login Success');
    const stored = window.localStorage.getItem(REMEMBERED_LOGIN_KEY);
    expect(JSON.parse(stored ?? 'null')).toEqual({ email: 'priya@example.in' });
    expect(stored).not.toContain(MOCK_PASSWORD);
  });

  it('pre-fills a remembered email with remember-me on, and forgets it when unticked', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(REMEMBERED_LOGIN_KEY, JSON.stringify({ email: 'priya@example.in' }));
    await openLogin((db) => addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' }));
    expect(screen.getByLabelText(/^Better Health ID/)).toHaveValue('priya@example.in');
    expect(screen.getByLabelText('Remember me')).toBeChecked();
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    await user.click(screen.getByLabelText('Remember me'));
    await user.type(screen.getByLabelText(/^Password/), MOCK_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Login Success');
    expect(window.localStorage.getItem(REMEMBERED_LOGIN_KEY)).toBeNull();
  });

  it('drops the password of an entry stored the old way', async () => {
    window.localStorage.setItem(REMEMBERED_LOGIN_KEY, JSON.stringify({ email: 'priya@example.in', password: 'old-secret' }));
    await openLogin();
    expect(screen.getByLabelText(/^Better Health ID/)).toHaveValue('priya@example.in');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(window.localStorage.getItem(REMEMBERED_LOGIN_KEY)).toBe(JSON.stringify({ email: 'priya@example.in' }));
  });

  it('sends a signed-in visitor to the dashboard (guest-only)', async () => {
    const db = testDb();
    const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    const portal = renderPortal('/login', { db, signedIn: priya });
    await waitFor(() => expect(portal.path()).toBe('/dashboard'));
    expect(screen.queryByText('Welcome Back')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor of a portal page to the login page', async () => {
    const portal = renderPortal('/details', { db: testDb() });
    await screen.findByText('Welcome Back');
    expect(portal.path()).toBe('/login');
  });
});
