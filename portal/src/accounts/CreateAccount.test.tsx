import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ACCOUNT_LINK_MESSAGES, AUTH_MESSAGES } from '@bh/shared';
import { server } from '../test/server.ts';
import { adminWorld, findHeading, renderPortal, type RenderedPortal } from '../test/render.tsx';
import { api } from '@bh/shared/contract';
import { callsTo } from '../test/calls.ts';
import { mockPath } from '../mocks/contract.ts';

let page: RenderedPortal;

async function openForm() {
  page = renderPortal('/admin/register');
  await findHeading('Create Account');
}

/** A grid's rows loaded afresh, each as its first cells joined ('Kavya Iyer · kavya@… · BH Associate · Not submitted'). */
async function gridRows(path: string, heading: string, cells: number): Promise<string[]> {
  page = page.reload(path);
  await findHeading(heading);
  const table = await screen.findByRole('table', {}, { timeout: 10_000 });
  // The grid draws empty placeholder rows until its page has come.
  await waitFor(() => expect(within(table).getAllByRole('cell')[0]?.textContent).not.toBe(''), { timeout: 10_000 });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(0, cells).map((cell) => cell.textContent).join(' · '))
    .sort();
}

const accounts = () => gridRows('/admin/grids/users', 'All Users', 4);


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
    adminWorld();
    await openForm();
    const user = await fillForm({ name: 'Kavya Iyer', email: 'Kavya.Iyer@Example.in', password: 'Calm-Rivers-42', role: 'doctor' });

    const success = await screen.findByRole('status');
    expect(success.textContent).toBe(`${AUTH_MESSAGES.accountCreated}: Kavya Iyer (kavya.iyer@example.in), BH Associate`);
    expect(success.className).toMatch(/Success/);
    expect(screen.getByLabelText<HTMLInputElement>(/Full Name/).value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Role').value).toBe('user');

    await user.click(screen.getByLabelText(/Full Name/));
    expect(screen.queryByRole('status')).toBeNull();
    // All Users lists the account: a BH Associate who has not applied yet.
    const rows = await accounts();
    expect(rows).toHaveLength(2);
    expect(rows).toContain('Kavya Iyer · kavya.iyer@example.in · BH Associate · Not submitted');
  }, 60_000);

  it("shows the server's refusal in red", async () => {
    adminWorld();
    await openForm();
    await fillForm({ name: 'Again', email: 'asha.admin@example.in', password: 'Calm-Rivers-42' });
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toBe(AUTH_MESSAGES.emailTaken);
    expect(failure.className).toMatch(/Error/);
    // All Users still lists the one account there was.
    expect((await accounts()).map((row) => row.split(' · ')[1])).toEqual(['asha.admin@example.in']);
  }, 60_000);

  it("falls back to 'Signup failed. Please try again.' when the server gives no message", async () => {
    adminWorld();
    server.use(http.post(mockPath(api.user.register), () => new HttpResponse(null, { status: 500 })));
    await openForm();
    await fillForm({ name: 'Nobody', email: 'nobody@example.in', password: 'Calm-Rivers-42' });
    expect((await screen.findByRole('alert')).textContent).toBe('Signup failed. Please try again.');
  });

  it('checks the fields before sending anything', async () => {
    adminWorld();
    await openForm();
    const registrations = callsTo(api.user.register);
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
    expect(registrations.count).toBe(0);
  });
});

describe('Create Accounts by invitation (the default)', () => {
  it('sends an invitation without a password, lists it as pending, and can resend or revoke it', async () => {
    adminWorld();
    await openForm();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Full Name/), 'Nisha Invited');
    await user.type(screen.getByLabelText(/^Email/), 'Nisha@Example.in');
    await user.selectOptions(screen.getByLabelText('Role'), 'doctor');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));

    // Like a created account, the invitation names whom it went to (issue 13).
    expect((await screen.findByRole('status')).textContent).toBe(`${ACCOUNT_LINK_MESSAGES.invitationSent}: Nisha Invited (nisha@example.in), BH Associate`);
    const pending = await screen.findByRole('region', { name: 'Pending invitations' });
    await within(pending).findByText(/nisha@example\.in/);
    await user.click(within(pending).getByRole('button', { name: 'Resend: nisha@example.in' }));
    expect(await screen.findByText(ACCOUNT_LINK_MESSAGES.invitationResent)).toBeTruthy();
    // The Emails grid has the invitation and its resend; All Users, the BH Associate invited.
    expect(await gridRows('/admin/grids/emails', 'Emails', 2)).toEqual(['nisha@example.in · Invitation', 'nisha@example.in · Invitation']);
    expect(await accounts()).toContain('Nisha Invited · nisha@example.in · BH Associate · Not submitted');

    page = page.reload('/admin/register');
    const again = await screen.findByRole('region', { name: 'Pending invitations' }, { timeout: 10_000 });
    await within(again).findByText(/nisha@example\.in/);
    await user.click(within(again).getByRole('button', { name: 'Revoke: nisha@example.in' }));
    await waitFor(() => expect(within(again).queryByText(/nisha@example\.in/)).toBeNull());
    // Loaded again: no invitation is pending.
    page = page.reload();
    const after = await screen.findByRole('region', { name: 'Pending invitations' }, { timeout: 10_000 });
    expect(await within(after).findByText('No invitations are waiting.')).toBeTruthy();
  }, 60_000);

  it('checks name and email with the shared rules before inviting', async () => {
    adminWorld();
    await openForm();
    const invitations = callsTo(api.accountLinks.invite);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(AUTH_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeTruthy();
    expect(invitations.count).toBe(0);
  });
});
