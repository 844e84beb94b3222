import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ACCOUNT_LINK_MESSAGES, AUTH_MESSAGES } from '@bh/shared';
import { server } from '../test/server.ts';
import { adminWorld, findHeading, renderPortal } from '../test/render.tsx';
import { api } from '@bh/shared/contract';
import { mockPath } from '../mocks/contract.ts';

async function openForm() {
  renderPortal('/admin/register');
  await findHeading('Create Account');
}

/** The direct-password path of spec §2.5: since invitations became the default, it is chosen first. */
async function fillForm(values: { name: string; email: string; password: string; role?: string }) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(/Set a password now/));
  await user.type(screen.getByLabelText(/Full Name/), values.name);
  await user.type(screen.getByLabelText(/^Email/), values.email);
  await user.type(screen.getByLabelText(/^Password/), values.password);
  if (values.role) await user.selectOptions(screen.getByLabelText('Role'), values.role);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return user;
}

describe('Create Accounts (/admin/register)', () => {
  it('offers the three roles, user first and chosen by default', async () => {
    adminWorld();
    await openForm();
    expect(screen.getByText('Sign up to get started with Better Health')).toBeTruthy();
    const role = screen.getByLabelText<HTMLSelectElement>('Role');
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['User', 'BH Associate', 'Admin']);
    expect(role.value).toBe('user');
  });

  it('creates an associate, says so in green naming the account, clears the form, and the message goes when an input gets focus', async () => {
    const { db } = adminWorld();
    await openForm();
    const user = await fillForm({ name: 'Kavya Iyer', email: 'Kavya.Iyer@Example.in', password: 'Calm-Rivers-42', role: 'doctor' });

    const success = await screen.findByRole('status');
    expect(success.textContent).toBe(`${AUTH_MESSAGES.accountCreated}: Kavya Iyer (kavya.iyer@example.in), BH Associate`);
    expect(success.className).toMatch(/Success/);
    const created = db.users.find((u) => u.email === 'kavya.iyer@example.in');
    expect(created?.role).toBe('doctor');
    expect(created?.isVerified).toBe('not_submitted');
    expect(screen.getByLabelText<HTMLInputElement>(/Full Name/).value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Role').value).toBe('user');

    await user.click(screen.getByLabelText(/Full Name/));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows the server's refusal in red", async () => {
    const { db } = adminWorld();
    const before = db.users.length;
    await openForm();
    await fillForm({ name: 'Again', email: 'asha.admin@example.in', password: 'Calm-Rivers-42' });
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toBe(AUTH_MESSAGES.emailTaken);
    expect(failure.className).toMatch(/Error/);
    expect(db.users).toHaveLength(before);
  });

  it("falls back to 'Signup failed. Please try again.' when the server gives no message", async () => {
    adminWorld();
    server.use(http.post(mockPath(api.user.register), () => new HttpResponse(null, { status: 500 })));
    await openForm();
    await fillForm({ name: 'Nobody', email: 'nobody@example.in', password: 'Calm-Rivers-42' });
    expect((await screen.findByRole('alert')).textContent).toBe('Signup failed. Please try again.');
  });

  it('checks the fields before sending anything', async () => {
    const { db } = adminWorld();
    const before = db.users.length;
    await openForm();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/Set a password now/));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(AUTH_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeTruthy();

    await user.type(screen.getByLabelText(/Full Name/), 'Short Password');
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByText(AUTH_MESSAGES.passwordTooShort)).toBeTruthy());
    expect(screen.getByText(AUTH_MESSAGES.invalidEmail)).toBeTruthy();
    expect(db.users).toHaveLength(before);
  });
});

describe('Create Accounts by invitation (the default)', () => {
  it('sends an invitation without a password, lists it as pending, and can resend or revoke it', async () => {
    const { db } = adminWorld();
    await openForm();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Full Name/), 'Nisha Invited');
    await user.type(screen.getByLabelText(/^Email/), 'Nisha@Example.in');
    await user.selectOptions(screen.getByLabelText('Role'), 'doctor');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));

    // Like a created account, the invitation names whom it went to (issue 13).
    expect((await screen.findByRole('status')).textContent).toBe(`${ACCOUNT_LINK_MESSAGES.invitationSent}: Nisha Invited (nisha@example.in), BH Associate`);
    const created = db.users.find((u) => u.email === 'nisha@example.in');
    expect(created?.role).toBe('doctor');
    expect(db.accountLinks.filter((l) => l.userId === created?._id && l.purpose === 'invitation')).toHaveLength(1);

    const pending = await screen.findByRole('region', { name: 'Pending invitations' });
    await within(pending).findByText(/nisha@example\.in/);
    await user.click(within(pending).getByRole('button', { name: 'Resend: nisha@example.in' }));
    await waitFor(() => expect(db.accountLinks.filter((l) => l.userId === created?._id && !l.used)).toHaveLength(1));
    expect(db.accountLinks.filter((l) => l.userId === created?._id)).toHaveLength(2);
    await user.click(within(pending).getByRole('button', { name: 'Revoke: nisha@example.in' }));
    await waitFor(() => expect(within(pending).queryByText(/nisha@example\.in/)).toBeNull());
    expect(db.accountLinks.every((l) => l.userId !== created?._id || l.used)).toBe(true);
  });

  it('checks name and email with the shared rules before inviting', async () => {
    const { db } = adminWorld();
    const before = db.users.length;
    await openForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(AUTH_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeTruthy();
    expect(db.users).toHaveLength(before);
  });
});
