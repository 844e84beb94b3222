import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PAYMENT_MESSAGES } from '@bh/shared';
import { addCoupon } from '../mocks/admin-state.ts';
import { server } from '../test/server.ts';
import { adminWorld, findHeading, renderPortal, type RenderedPortal } from '../test/render.tsx';
import { formatAdminTime } from '../components/format.ts';
import { api } from '@bh/shared/contract';
import { mockPath } from '../mocks/contract.ts';

const card = (code: string) => screen.getByRole('listitem', { name: code });

async function open() {
  const page = renderPortal('/admin/all-coupons');
  await findHeading('Manage Coupons');
  return page;
}

/** The screen loaded again, once it lists `kept` (a coupon that must be there). */
async function reloaded(page: RenderedPortal, kept: string): Promise<RenderedPortal> {
  const again = page.reload();
  await findHeading('Manage Coupons');
  await screen.findByRole('listitem', { name: kept }, { timeout: 10_000 });
  return again;
}

/** Which of these coupons the screen lists. */
const listed = (...codes: string[]) => codes.filter((code) => screen.queryByRole('listitem', { name: code }));

describe('Manage Coupons (/admin/all-coupons)', () => {
  it("shows 'Loading coupons...' until the list arrives", async () => {
    const { db, state } = adminWorld();
    addCoupon(db, state, { couponCode: 'WELCOME10' });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(http.get(mockPath(api.payments.coupons), async () => {
      await gate;
    }, { once: true }));
    await open();
    expect(await screen.findByText('Loading coupons...')).toBeTruthy();
    release();
    expect(await screen.findByRole('listitem', { name: 'WELCOME10' })).toBeTruthy();
    expect(screen.queryByText('Loading coupons...')).toBeNull();
  });

  it('has an empty state pointing to coupon creation', async () => {
    adminWorld();
    await open();
    expect(await screen.findByText(PAYMENT_MESSAGES.noCoupons)).toBeTruthy();
    expect(screen.getByText(PAYMENT_MESSAGES.noCouponsHint)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Coupon' }).getAttribute('href')).toBe('/admin/create-coupons');
  });

  it('shows each coupon with its audience, state, links cut to 30 characters, and times', async () => {
    const { db, state } = adminWorld();
    const created = new Date('2026-11-21T04:35:00.000Z');
    const fresh = addCoupon(db, state, { couponCode: 'NEWBIE', forNewUsers: true, createdAt: created });
    addCoupon(db, state, { couponCode: 'LOYAL', isActive: false });
    await open();
    const newbie = await screen.findByRole('listitem', { name: 'NEWBIE' });
    expect(within(newbie).getByText('New Users')).toBeTruthy();
    expect(within(newbie).getByText('Active')).toBeTruthy();
    expect(within(newbie).getByRole('button', { name: 'Deactivate' })).toBeTruthy();
    const links = within(newbie).getAllByRole('link');
    expect(links).toHaveLength(4);
    const full = fresh.paymentLinks.mentalHealthCounselling.single;
    expect(links[0]!.getAttribute('href')).toBe(full);
    expect(links[0]!.textContent).toBe(`${full.slice(0, 30)}…`);
    expect(within(newbie).getByText(`Created: ${formatAdminTime(created.toISOString())}`)).toBeTruthy();
    expect(formatAdminTime(created.toISOString())).toMatch(/^Nov 21, 2026, 10:05\sAM$/);
    expect(within(newbie).getByText(/^Updated: /)).toBeTruthy();

    const loyal = card('LOYAL');
    expect(within(loyal).getByText('Existing Users')).toBeTruthy();
    expect(within(loyal).getByText('Inactive')).toBeTruthy();
    expect(within(loyal).getByRole('button', { name: 'Activate' })).toBeTruthy();
  });

  it('deactivates and activates, with the toasts, and reloads the list', async () => {
    const { db, state } = adminWorld();
    const coupon = addCoupon(db, state, { couponCode: 'SWITCH' });
    const user = userEvent.setup();
    await open();
    await user.click(await within(await screen.findByRole('listitem', { name: 'SWITCH' })).findByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.couponDeactivated)).toBeTruthy();
    await waitFor(() => expect(within(card('SWITCH')).getByText('Inactive')).toBeTruthy());
    expect(coupon.isActive).toBe(false);

    await user.click(within(card('SWITCH')).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.couponActivated, {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(within(card('SWITCH')).getByText('Active')).toBeTruthy());
    expect(coupon.isActive).toBe(true);
  });

  it('keeps the focus on Activate / Deactivate through the switch, renamed and described by the new state (issue 53)', async () => {
    const { db, state } = adminWorld();
    addCoupon(db, state, { couponCode: 'FOCUS' });
    const user = userEvent.setup();
    await open();
    const toggle = await within(await screen.findByRole('listitem', { name: 'FOCUS' })).findByRole('button', { name: 'Deactivate' });
    expect(toggle).toHaveAccessibleDescription('Active');
    toggle.focus();
    await user.keyboard('{Enter}');
    // While the switch is sent the button says so without being disabled (which dropped the focus to the page).
    expect(await screen.findByText(PAYMENT_MESSAGES.couponDeactivated)).toBeTruthy();
    await waitFor(() => expect(within(card('FOCUS')).getByRole('button', { name: 'Activate' })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
    expect(within(card('FOCUS')).getByRole('button', { name: 'Activate' })).toHaveAccessibleDescription('Inactive');
    // The toast that says it sits in a polite live region.
    expect(screen.getByText(PAYMENT_MESSAGES.couponDeactivated).closest('[aria-live="polite"]')).not.toBeNull();

    await user.keyboard('{Enter}');
    expect(await screen.findByText(PAYMENT_MESSAGES.couponActivated, {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(within(card('FOCUS')).getByRole('button', { name: 'Deactivate' })).toHaveFocus());
  });

  it('sends the focus to the heading once a deleted coupon’s card is gone (issue 53)', async () => {
    const { db, state } = adminWorld();
    addCoupon(db, state, { couponCode: 'GONE' });
    addCoupon(db, state, { couponCode: 'HERE' });
    const user = userEvent.setup();
    await open();
    await user.click(await within(await screen.findByRole('listitem', { name: 'GONE' })).findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'GONE' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Manage Coupons' })).toHaveFocus());
  });

  it("says 'Failed to update coupon status' when the switch fails", async () => {
    const { db, state } = adminWorld();
    addCoupon(db, state, { couponCode: 'STUCK' });
    db.failures[api.payments.setCouponStatus.operationId] = 500;
    const user = userEvent.setup();
    await open();
    await user.click(await within(await screen.findByRole('listitem', { name: 'STUCK' })).findByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.couponStatusFailed)).toBeTruthy();
    expect(within(card('STUCK')).getByText('Active')).toBeTruthy();
  });

  it('deletes only after the exact confirmation', async () => {
    const { db, state } = adminWorld();
    addCoupon(db, state, { couponCode: 'BYEBYE' });
    addCoupon(db, state, { couponCode: 'STAYS' });
    const user = userEvent.setup();
    const page = await open();
    await user.click(await within(await screen.findByRole('listitem', { name: 'BYEBYE' })).findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(PAYMENT_MESSAGES.couponDeleteConfirm('BYEBYE'))).toBeTruthy();
    expect(within(dialog).getByText('Are you sure you want to delete the coupon "BYEBYE"? This action cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Loaded again: both coupons are still there.
    const again = await reloaded(page, 'STAYS');
    expect(listed('BYEBYE', 'STAYS')).toEqual(['BYEBYE', 'STAYS']);

    await user.click(within(card('BYEBYE')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.couponDeleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'BYEBYE' })).toBeNull());
    expect(card('STAYS')).toBeTruthy();
    // Loaded again: only the one kept.
    await reloaded(again, 'STAYS');
    expect(listed('BYEBYE', 'STAYS')).toEqual(['STAYS']);
  }, 60_000);

  it("says 'Failed to delete coupon' when the deletion fails", async () => {
    const { db, state } = adminWorld();
    addCoupon(db, state, { couponCode: 'KEEPME' });
    db.failures[api.payments.deleteCoupon.operationId] = 500;
    const user = userEvent.setup();
    const page = await open();
    await user.click(await within(await screen.findByRole('listitem', { name: 'KEEPME' })).findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.couponDeleteFailed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(card('KEEPME')).toBeTruthy();
    // Loaded again: it is still there.
    await reloaded(page, 'KEEPME');
    expect(listed('KEEPME')).toEqual(['KEEPME']);
  }, 60_000);

  it('Refresh loads coupons created since', async () => {
    const { db, state } = adminWorld();
    addCoupon(db, state, { couponCode: 'FIRST' });
    const user = userEvent.setup();
    await open();
    await screen.findByRole('listitem', { name: 'FIRST' });
    addCoupon(db, state, { couponCode: 'SECOND' });
    expect(screen.queryByRole('listitem', { name: 'SECOND' })).toBeNull();
    // The app bar has a refresh button of its own; this is the screen's.
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('listitem', { name: 'SECOND' })).toBeTruthy();
  });

  it("says 'Failed to load coupons' when the list cannot be loaded", async () => {
    const { db } = adminWorld();
    db.failures[api.payments.coupons.operationId] = 403;
    await open();
    expect((await screen.findAllByText(PAYMENT_MESSAGES.couponsLoadFailed)).length).toBeGreaterThanOrEqual(1);
  });

  it('falls back to the text of a link the API could not make clickable', async () => {
    const { db, state } = adminWorld();
    const coupon = addCoupon(db, state, { couponCode: 'ODD' });
    coupon.paymentLinks.cosmetologistConsultancy.bundle = 'javascript:alert(document.cookie)';
    server.use(http.get(mockPath(api.payments.coupons), () => HttpResponse.json({ success: true, data: state.coupons })));
    await open();
    const odd = await screen.findByRole('listitem', { name: 'ODD' });
    expect(within(odd).getAllByRole('link')).toHaveLength(3);
    expect(within(odd).getByText('javascript:alert(document.cook…')).toBeTruthy();
  });
});
