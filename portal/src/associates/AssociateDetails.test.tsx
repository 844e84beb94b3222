import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGISTRATION_MESSAGES } from '@bh/shared';
import { addApplicant } from '../mocks/admin-state.ts';
import { adminWorld, findHeading, renderPortal } from '../test/render.tsx';
import { api } from '@bh/shared/contract';

/** The card at the top of the details page, found by the associate's email. */
const header = (email: string) => screen.getAllByText(email)[0]?.closest<HTMLElement>('.MuiPaper-root') ?? document.body;

describe('BH Associate Details (/admin/Verified-doc-details/{userId})', () => {
  it('opens from View Details with the header, every section and the way back', async () => {
    const { db } = adminWorld();
    const meera = addApplicant(db, { name: 'Meera Rao', email: 'meera@example.in', isVerified: 'verified' });
    const user = userEvent.setup();
    renderPortal('/admin/verified-doctors');
    await user.click(await screen.findByRole('link', { name: 'View Details: Meera Rao' }, { timeout: 5000 }));
    await findHeading('BH Associate Details');
    expect(await screen.findAllByText('meera@example.in')).toHaveLength(2);
    expect(within(header('meera@example.in')).getByText('Verified')).toBeTruthy();
    expect(within(header('meera@example.in')).getByText('M')).toBeTruthy();
    const personal = screen.getByRole('region', { name: 'Personal Information' });
    expect(within(personal).getByText('Meera Rao')).toBeTruthy();
    expect(within(personal).getByText('12 Apr 1990')).toBeTruthy();
    expect(within(personal).getByText('O+')).toBeTruthy();
    expect(within(personal).getByText('12 Lake Road, Pune, Maharashtra 411001, India')).toBeTruthy();
    expect(within(personal).getByText('Ravi Rao (Brother), 9123456780')).toBeTruthy();
    const education = screen.getByRole('region', { name: 'Education Details' });
    expect(within(education).getByText('MA Psychology')).toBeTruthy();
    expect(within(education).getByText('Clinical Psychology')).toBeTruthy();
    const bank = screen.getByRole('region', { name: 'Bank Account Information' });
    expect(within(bank).getByText('••••9012')).toBeTruthy();
    expect(within(bank).getByText('asha@okhdfc')).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to Verified BH Associates' });
    expect(back.getAttribute('href')).toBe('/admin/verified-doctors');
    expect(screen.getByRole('link', { name: /View Resume/ }).getAttribute('href')).toBe(meera.application.personalInfo.resumeUrl);
  });

  it("falls back to 'A' for a nameless associate and says when there are no salary slips", async () => {
    const { db } = adminWorld();
    const nameless = addApplicant(db, { name: ' ', email: 'nameless@example.in', isVerified: 'verified' }, { salarySlips: 0 });
    renderPortal(`/admin/Verified-doc-details/${nameless.user._id}`);
    expect(await screen.findAllByText('nameless@example.in', {}, { timeout: 5000 })).toHaveLength(2);
    expect(within(header('nameless@example.in')).getByText('A')).toBeTruthy();
    expect(screen.getByText(REGISTRATION_MESSAGES.noSalarySlip)).toBeTruthy();
  });

  it("says 'BH Associate not found' with 'Go back' to the list", async () => {
    adminWorld();
    const user = userEvent.setup();
    renderPortal('/admin/Verified-doc-details/0123456789abcdef01234567');
    expect(await screen.findByText(REGISTRATION_MESSAGES.associateNotFound, {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await findHeading('Verified BH Associates');
  });

  it("says 'Failed to fetch BH Associate details' and returns to the list when loading fails", async () => {
    const { db } = adminWorld();
    const meera = addApplicant(db, { name: 'Meera Rao', email: 'meera@example.in', isVerified: 'verified' });
    db.failures[api.register.doctorDetails.operationId] = 500;
    renderPortal(`/admin/Verified-doc-details/${meera.user._id}`);
    expect(await screen.findByText(REGISTRATION_MESSAGES.detailsFetchFailed, {}, { timeout: 5000 })).toBeTruthy();
    await findHeading('Verified BH Associates');
  });
});
