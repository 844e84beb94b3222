import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@bh/shared';
import { addUser } from '../mocks/db.ts';
import { addApplicant } from '../mocks/admin-state.ts';
import { adminWorld, findHeading, renderPortal } from '../test/render.tsx';

describe('the admin paths of spec §2.1', () => {
  it.each([
    ['/admin/register', 'Create Account'],
    ['/admin/create-meeting', 'Schedule New Meeting'],
    ['/admin/verify-documents', 'Pending Verifications'],
    ['/admin/verified-doctors', 'Verified BH Associates'],
    ['/admin/Verified-doc-details/:id', 'BH Associate Details'],
    ['/admin/verified-doc-details/:id', 'BH Associate Details'],
    ['/admin/create-coupons', 'Create New Coupon'],
    ['/admin/all-coupons', 'Manage Coupons'],
    ['/admin/payment-links', 'Default Payment Links'],
    ['/admin/grids/meetings', 'All Meetings'],
    ['/admin/grids/users', 'All Users'],
    ['/admin/grids/audit', 'Audit Log'],
  ])('%s opens %s', async (path, heading) => {
    const { db } = adminWorld();
    const { user } = addApplicant(db, { name: 'Meera Rao', email: 'meera@example.in', isVerified: 'pending' });
    renderPortal(path.replace(':id', user._id));
    expect(await findHeading(heading)).toBeTruthy();
  });

  it('/admin/verification-pending/{userId} opens the review of that application over the pending list', async () => {
    const { db } = adminWorld();
    const { user } = addApplicant(db, { name: 'Meera Rao', email: 'meera@example.in', isVerified: 'pending' });
    renderPortal(`/admin/verification-pending/${user._id}`);
    const review = await screen.findByRole('region', { name: 'Meera Rao' });
    expect(within(review).getByRole('button', { name: 'Verify' })).toBeTruthy();
    expect(document.querySelector('h1')?.textContent).toBe('Pending Verifications');
  });

  it.each([
    ['a client', { role: 'user' as const }],
    ['a BH Associate', { role: 'doctor' as const, isVerified: 'verified' as const }],
    ['an admin who is not verified yet', { role: 'admin' as const, isVerified: 'pending' as const }],
  ])("turns %s away to the dashboard with 'Access denied. Admin only.'", async (_who, account) => {
    const { db } = adminWorld();
    const visitor = addUser(db, { name: 'Visitor', email: 'visitor@example.in', ...account });
    db.sessionUserId = visitor._id;
    const portal = renderPortal('/admin/all-coupons');
    expect(await screen.findByText(AUTH_MESSAGES.adminOnly)).toBeTruthy();
    await waitFor(() => expect(portal.path()).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Manage Coupons' })).toBeNull();
  });

  it("lists the admin's tools in the menu, the extra ones included", async () => {
    adminWorld();
    const user = userEvent.setup();
    renderPortal('/admin/grids/audit');
    await findHeading('Audit Log');
    const menu = screen.getAllByRole('menu').find((m) => within(m).queryByText('Admin Tools')) ?? document.body;
    for (const label of ['Create Accounts', 'Schedule Meetings', 'All Meetings', 'All Users', 'Audit Log']) {
      expect(within(menu).getByRole('menuitem', { name: label })).toBeTruthy();
    }
    await user.click(within(menu).getByRole('menuitem', { name: 'Coupons' }));
    const paymentLinks = await within(menu).findByRole('menuitem', { name: 'Payment Links' });
    const items = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items.slice(items.indexOf('Create Coupons'), items.indexOf('Payment Links') + 1)).toEqual([
      'Create Coupons',
      'Manage Coupons',
      'Payment Links',
    ]);
    await user.click(paymentLinks);
    expect(await findHeading('Default Payment Links')).toBeTruthy();
  });
});
