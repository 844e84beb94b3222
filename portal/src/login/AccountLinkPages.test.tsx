import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ACCOUNT_LINK_MESSAGES, AUTH_MESSAGES } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { mockPath } from '../mocks/contract.ts';
import { server } from '../test/server.ts';
import { addUser, MOCK_PASSWORD } from '../mocks/db.ts';
import { renderPortal, testDb } from '../test/render.tsx';

const NEW_PASSWORD = 'Quiet-Harbour-88';

/** Signs in on /login as a person would, and waits for the dashboard's greeting. */
async function signIn(email: string, password: string, greeting: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Better Health ID/, {}, { timeout: 10_000 }), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByText(greeting, {}, { timeout: 10_000 })).toBeInTheDocument();
}

describe('Forgot password? (DESIGN §3)', () => {
  it('is linked from /login and answers with the same message whatever the email', async () => {
    const db = testDb();
    addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    const portal = renderPortal('/login', { db });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(portal.path()).toBe('/login/forgot'));
    await user.type(await screen.findByLabelText(/^Better Health ID/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(AUTH_MESSAGES.invalidEmail)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Better Health ID/));
    await user.type(screen.getByLabelText(/^Better Health ID/), 'Priya@Example.in');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(ACCOUNT_LINK_MESSAGES.forgotPasswordSent);
    // The emailed link (the mock's mailbox holds its token) sets a new password she then signs in with.
    const [emailed, ...more] = db.accountLinks.filter((l) => l.purpose === 'reset').map((l) => l.token);
    expect(more).toEqual([]);
    const resetPage = portal.reload(`/login/reset#token=${emailed}`);
    await user.type(await screen.findByLabelText(/^New password/, {}, { timeout: 10_000 }), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Repeat the new password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(resetPage.path()).toBe('/login'));
    await signIn('priya@example.in', NEW_PASSWORD, 'Hello, Priya!');
  }, 60_000);
});

describe('Forgot password? by keyboard and screen reader (issue 53)', () => {
  it('moves the focus from the button to the field in error, which its message describes', async () => {
    const db = testDb();
    renderPortal('/login/forgot', { db });
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/^Better Health ID/);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(AUTH_MESSAGES.emailRequired);
  });

  it('puts a refusal of the server beside the field, with the focus', async () => {
    const db = testDb();
    db.failures[api.accountLinks.forgotPassword.operationId] = 503;
    renderPortal('/login/forgot', { db });
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/^Better Health ID/);
    await user.type(email, 'priya@example.in');
    const send = screen.getByRole('button', { name: 'Send reset link' });
    await user.click(send);
    await waitFor(() => expect(email).toHaveAccessibleDescription('The service is temporarily unavailable. Please try again shortly.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
  });
});

describe('the emailed link pages', () => {
  it('reset: checks the password rules and the repeat, sets it, and goes back to /login', async () => {
    const db = testDb();
    const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    db.accountLinks.push({ token: 'reset-token-1', userId: priya._id, purpose: 'reset', used: false });
    const portal = renderPortal('/login/reset#token=reset-token-1', { db });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooShort)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'Something-Else-1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Repeat the new password/));
    await user.type(screen.getByLabelText(/^Repeat the new password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(portal.path()).toBe('/login'));
    // The new password signs her in.
    await signIn('priya@example.in', NEW_PASSWORD, 'Hello, Priya!');
  }, 60_000);

  it.each([
    ['/login/reset', 'Save new password', api.accountLinks.resetPassword],
    ['/login/welcome', 'Set password and continue', api.accountLinks.acceptInvitation],
  ] as const)('%s: a link without its token says so before anything is sent', async (path, submit, operation) => {
    let calls = 0;
    server.use(
      http.post(mockPath(operation), () => {
        calls += 1;
        return HttpResponse.json({ success: false, message: 'not expected' }, { status: 400 });
      }),
    );
    renderPortal(path, { db: testDb() });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Repeat the new password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_LINK_MESSAGES.tokenRequired);
    expect(calls).toBe(0);
  });

  it('reset: a used or unknown link shows the server message', async () => {
    const db = testDb();
    renderPortal('/login/reset#token=never-issued', { db });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Repeat the new password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_LINK_MESSAGES.linkInvalid);
  });

  it('invitation: sets the password, signs in and lands on the dashboard', async () => {
    const db = testDb();
    const farah = addUser(db, { name: 'Farah Qureshi', email: 'farah@example.in', role: 'user', password: MOCK_PASSWORD });
    db.accountLinks.push({ token: 'invite-token-1', userId: farah._id, purpose: 'invitation', used: false });
    const portal = renderPortal('/login/welcome#token=invite-token-1', { db });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Welcome to Better Health' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Repeat the new password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password and continue' }));
    await waitFor(() => expect(portal.path()).toBe('/dashboard'));
    expect(await screen.findByText('Hello, Farah!')).toBeInTheDocument();
    // Loaded again: she is still signed in.
    portal.reload();
    expect(await screen.findByText('Hello, Farah!', {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 60_000);
});
