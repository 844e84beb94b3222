import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { REGISTRATION_MESSAGES } from '@bh/shared';
import { addUser } from '../mocks/db.ts';
import { addApplicant } from '../mocks/admin-state.ts';
import { server } from '../test/server.ts';
import { adminWorld, findHeading, renderPortal, type RenderedPortal } from '../test/render.tsx';
import { api } from '@bh/shared/contract';
import { mockPath } from '../mocks/contract.ts';

function world() {
  const w = adminWorld();
  const kiran = addApplicant(w.db, { name: 'Kiran Das', email: 'kiran@example.in' });
  const lata = addApplicant(w.db, { name: 'Lata Menon', email: 'lata@example.in', role: 'admin' }, { salarySlips: 1 });
  // Neither of these waits for review.
  addApplicant(w.db, { name: 'Meera Rao', email: 'meera@example.in', isVerified: 'verified' });
  addUser(w.db, { name: 'Vikram Shah', email: 'vikram@example.in', role: 'doctor' });
  return { ...w, kiran, lata };
}

const drawer = () => screen.findByRole('region', { name: 'Kiran Das' }, { timeout: 5000 });

/** The pending list loaded again: who is still waiting. */
async function pendingAfterReload(page: RenderedPortal): Promise<HTMLElement> {
  page.reload('/admin/verify-documents');
  await findHeading('Pending Verifications');
  return screen.findByRole('list', { name: 'Pending Verifications' }, { timeout: 10_000 });
}

describe('Pending Verifications (/admin/verify-documents)', () => {
  it('lists who waits, with the count, badge, role and a View Details button', async () => {
    world();
    renderPortal('/admin/verify-documents');
    await findHeading('Pending Verifications');
    expect(await screen.findByText('2 BH Associate(s) pending verification')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Pending Verifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Kiran Das')).toBeTruthy();
    expect(within(items[0]!).getByText('kiran@example.in')).toBeTruthy();
    expect(within(items[0]!).getByText('Pending Verification')).toBeTruthy();
    expect(within(items[0]!).getByText('Role: BH Associate')).toBeTruthy();
    expect(within(items[1]!).getByText('Role: Admin')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: /View Details/ })).toBeTruthy();
    expect(screen.queryByText('Meera Rao')).toBeNull();
  });

  it('says all caught up when nobody waits', async () => {
    adminWorld();
    renderPortal('/admin/verify-documents');
    expect(await screen.findByText(REGISTRATION_MESSAGES.noPending)).toBeTruthy();
  });

  it("tells the admin when the list cannot be loaded", async () => {
    const { db } = world();
    db.failures[api.register.pending.operationId] = 503;
    renderPortal('/admin/verify-documents');
    // Outages are retried twice before the screen gives up.
    expect((await screen.findAllByText(REGISTRATION_MESSAGES.pendingFetchFailed, {}, { timeout: 8000 })).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('Reviewing one application (/admin/verification-pending/{userId})', () => {
  it('opens from View Details and shows every section, numbers masked and documents opening through the API', async () => {
    const { kiran } = world();
    const user = userEvent.setup();
    renderPortal('/admin/verify-documents');
    await user.click(await screen.findByRole('link', { name: 'View Details: Kiran Das' }));
    const review = await drawer();
    for (const title of [
      'Personal Information',
      'Legal Documents',
      'Education Details',
      'Employment History',
      'Bank Account Information',
      'Salary Slips (last 3-6 months)',
      'Resume',
    ]) {
      expect(within(review).getByRole('heading', { name: title })).toBeTruthy();
    }
    const bank = within(review).getByRole('region', { name: 'Bank Account Information' });
    expect(within(bank).getByText('••••9012')).toBeTruthy();
    expect(within(bank).queryByText('123456789012')).toBeNull();
    expect(within(bank).getByText('HDFC0001234')).toBeTruthy();

    const documents = within(review).getByRole('region', { name: 'Legal Documents' });
    expect(within(documents).getByText('Aadhaar Card')).toBeTruthy();
    expect(within(documents).getByText('••••9012')).toBeTruthy();
    expect(within(documents).getByText('PAN Card')).toBeTruthy();
    const fronts = within(documents).getAllByRole('link', { name: /Front Image/ });
    expect(fronts).toHaveLength(2);
    expect(fronts[0]!.getAttribute('href')).toBe(kiran.application.personalInfo.Doc[0].frontImage);
    expect(fronts[0]!.getAttribute('target')).toBe('_blank');
    expect(fronts[0]!.getAttribute('rel')).toContain('noopener');

    const slips = within(review).getByRole('region', { name: 'Salary Slips (last 3-6 months)' });
    expect(within(slips).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(kiran.application.salarySlip);
    expect(within(slips).getByRole('link', { name: /Salary Slip 2/ })).toBeTruthy();

    const resume = within(review).getByRole('region', { name: 'Resume' });
    expect(within(resume).getByRole('link', { name: /View Resume/ }).getAttribute('href')).toBe(kiran.application.personalInfo.resumeUrl);

    const employment = within(review).getByRole('region', { name: 'Employment History' });
    expect(within(employment).getByText('Present')).toBeTruthy();
    expect(within(employment).getByText('31 Mar 2021')).toBeTruthy();
  });

  it('shows a single salary slip as one link, and leaves out employment and resume when there are none', async () => {
    const { db } = world();
    const solo = addApplicant(db, { name: 'Solo Slip', email: 'solo@example.in' }, { salarySlips: 1, employment: false, resume: false });
    addApplicant(db, { name: 'No Slip', email: 'noslip@example.in' }, { salarySlips: 0 });
    renderPortal(`/admin/verification-pending/${solo.user._id}`);
    const review = await screen.findByRole('region', { name: 'Solo Slip' }, { timeout: 5000 });
    const slips = within(review).getByRole('region', { name: 'Salary Slips (last 3-6 months)' });
    expect(within(slips).getAllByRole('link')).toHaveLength(1);
    expect(within(slips).getByRole('link', { name: /^Salary Slip \(/ })).toBeTruthy();
    expect(within(review).queryByRole('heading', { name: 'Employment History' })).toBeNull();
    expect(within(review).queryByRole('heading', { name: 'Resume' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(review).getByRole('button', { name: 'Back to Verify Documents' }));
    await user.click(await screen.findByRole('link', { name: 'View Details: No Slip' }));
    const second = await screen.findByRole('region', { name: 'No Slip' }, { timeout: 5000 });
    expect(within(second).getByText(REGISTRATION_MESSAGES.noSalarySlip)).toBeTruthy();
  });

  it('verifies: the toast, then back to the updated list', async () => {
    const { kiran } = world();
    const user = userEvent.setup();
    const page = renderPortal(`/admin/verification-pending/${kiran.user._id}`);
    const review = await drawer();
    await user.click(within(review).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(REGISTRATION_MESSAGES.verified)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Kiran Das' })).toBeNull());
    expect(await screen.findByText('1 BH Associate(s) pending verification')).toBeTruthy();
    // Loaded again: Kiran is among the verified BH Associates.
    page.reload('/admin/verified-doctors');
    const verified = await screen.findByRole('list', { name: 'Verified BH Associates' }, { timeout: 10_000 });
    expect(await within(verified).findByText('kiran@example.in')).toBeTruthy();
  }, 60_000);

  it("shows the server's reason when verifying fails, or 'Failed to verify BH Associate'", async () => {
    const { kiran } = world();
    server.use(http.post(mockPath(api.register.verifyDoctor), () => new HttpResponse(null, { status: 500 }), { once: true }));
    const user = userEvent.setup();
    renderPortal(`/admin/verification-pending/${kiran.user._id}`);
    const review = await drawer();
    await user.click(within(review).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(REGISTRATION_MESSAGES.verifyFailed)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Kiran Das' })).toBeTruthy();
  });

  it('rejects only with a reason, which the applicant then has', async () => {
    const { db, kiran } = world();
    const user = userEvent.setup();
    const page = renderPortal(`/admin/verification-pending/${kiran.user._id}`);
    const review = await drawer();
    await user.click(within(review).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the application of Kiran Das' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject Application' }));
    expect(await within(dialog).findByText(REGISTRATION_MESSAGES.rejectionReasonRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason for rejection/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Application' }));
    expect(await within(dialog).findByText(REGISTRATION_MESSAGES.rejectionReasonRequired)).toBeTruthy();
    expect(screen.queryByText(REGISTRATION_MESSAGES.rejected)).toBeNull();

    await user.type(within(dialog).getByLabelText(/Reason for rejection/), 'The PAN card scan is unreadable.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Application' }));
    expect(await screen.findByText(REGISTRATION_MESSAGES.rejected)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Kiran Das' })).toBeNull());
    expect(await screen.findByText('1 BH Associate(s) pending verification')).toBeTruthy();
    // Kiran, signing in, is told the application was not approved, and why.
    db.sessionUserId = kiran.user._id;
    page.reload('/dashboard');
    expect(await screen.findByText('Your application was not approved', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Reason: The PAN card scan is unreadable.')).toBeInTheDocument();
  }, 60_000);

  it('cancelling the rejection changes nothing', async () => {
    const { kiran } = world();
    const user = userEvent.setup();
    const page = renderPortal(`/admin/verification-pending/${kiran.user._id}`);
    const review = await drawer();
    await user.click(within(review).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: /Reject the application/ });
    await user.type(within(dialog).getByLabelText(/Reason for rejection/), 'Not sure yet');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Reject the application/ })).toBeNull());
    expect(screen.getByRole('region', { name: 'Kiran Das' })).toBeTruthy();
    // Loaded again: both applicants are still waiting.
    const pending = await pendingAfterReload(page);
    expect(await screen.findByText('2 BH Associate(s) pending verification')).toBeTruthy();
    expect(within(pending).getAllByRole('listitem')).toHaveLength(2);
    expect(within(pending).getByRole('link', { name: 'View Details: Kiran Das' })).toBeTruthy();
  }, 60_000);

  it("says 'BH Associate not found' with 'Go back' for an unknown applicant", async () => {
    world();
    const user = userEvent.setup();
    renderPortal('/admin/verification-pending/0123456789abcdef01234567');
    expect(await screen.findByText(REGISTRATION_MESSAGES.associateNotFound, {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByText(REGISTRATION_MESSAGES.associateNotFound)).toBeNull());
    expect(await screen.findByText('2 BH Associate(s) pending verification')).toBeTruthy();
  });

  it("says 'Failed to fetch BH Associate details' and returns to the list when loading fails", async () => {
    const { db, kiran } = world();
    db.failures[api.register.doctorDetails.operationId] = 503;
    renderPortal(`/admin/verification-pending/${kiran.user._id}`);
    expect(await screen.findByText(REGISTRATION_MESSAGES.detailsFetchFailed, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: /Kiran Das|Loading/ })).toBeNull());
    expect(await screen.findByText('2 BH Associate(s) pending verification')).toBeTruthy();
  });
});
