import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PAYMENT_MESSAGES } from '@bh/shared';
import { addCoupon } from '../mocks/admin-state.ts';
import { server } from '../test/server.ts';
import { adminWorld, findHeading, renderPortal, type RenderedPortal } from '../test/render.tsx';
import { api } from '@bh/shared/contract';
import { mockPath } from '../mocks/contract.ts';

const LINKS = [
  ['Mental Health Counselling: Single Session', 'https://pay.example.com/mh-1'],
  ['Mental Health Counselling: 3-Session Pack', 'https://pay.example.com/mh-3'],
  ['Cosmetologist Consultancy: Single Consultation', 'https://pay.example.com/cc-1'],
  ['Cosmetologist Consultancy: Complete Skin Journey', 'https://pay.example.com/cc-3'],
] as const;

const code = () => screen.getByLabelText<HTMLInputElement>(/^Coupon Code/);
const activeBox = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Coupon is Active' });
const newUsers = () => screen.getByRole<HTMLInputElement>('radio', { name: 'New Users Only' });
const existingUsers = () => screen.getByRole<HTMLInputElement>('radio', { name: 'Existing Users Only' });
const submit = () => screen.getByRole('button', { name: 'Create Coupon' });

let page: RenderedPortal;

async function openForm(): Promise<UserEvent> {
  page = renderPortal('/admin/create-coupons');
  await findHeading('Create New Coupon');
  return userEvent.setup();
}

/** The coupon's card on Manage Coupons, opened afresh: what the admin sees stored. */
async function storedCoupon(couponCode: string): Promise<HTMLElement> {
  page.reload('/admin/all-coupons');
  await findHeading('Manage Coupons');
  return screen.findByRole('listitem', { name: couponCode }, { timeout: 10_000 });
}

async function fillLinks(user: UserEvent, links: readonly (readonly [string, string])[] = LINKS) {
  for (const [label, link] of links) await user.type(screen.getByLabelText(new RegExp(`^${label}`)), link);
}

describe('Create New Coupon (/admin/create-coupons)', () => {
  it('starts as an active coupon for existing users, with four link inputs and the guidelines', async () => {
    adminWorld();
    await openForm();
    expect(existingUsers().checked).toBe(true);
    expect(newUsers().checked).toBe(false);
    expect(activeBox().checked).toBe(true);
    for (const [label] of LINKS) expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    expect(within(screen.getByRole('complementary', { name: 'Guidelines' })).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
  });

  it('types the code in capitals', async () => {
    adminWorld();
    const user = await openForm();
    await user.type(code(), 'welcome10');
    expect(code().value).toBe('WELCOME10');
  });

  it('shows every message of spec §5 and the overall toast', async () => {
    adminWorld();
    const user = await openForm();
    await user.click(submit());
    expect(await screen.findByText(PAYMENT_MESSAGES.couponCodeRequired)).toBeTruthy();
    expect(screen.getAllByText(PAYMENT_MESSAGES.paymentLinkRequired)).toHaveLength(4);
    expect(await screen.findByText(PAYMENT_MESSAGES.fixErrorsBelow)).toBeTruthy();

    await user.type(code(), 'ab');
    await fillLinks(user, [
      [LINKS[0][0], 'not a link'],
      [LINKS[1][0], 'pay.example.com/mh-3'],
      [LINKS[2][0], 'http://pay.example.com/cc-1'],
      [LINKS[3][0], LINKS[3][1]],
    ]);
    await user.click(submit());
    expect(await screen.findByText(PAYMENT_MESSAGES.couponCodeTooShort)).toBeTruthy();
    expect(screen.getAllByText(PAYMENT_MESSAGES.invalidUrl)).toHaveLength(2);
    expect(screen.getByText(PAYMENT_MESSAGES.httpsRequired)).toBeTruthy();
    expect(screen.queryByText(PAYMENT_MESSAGES.paymentLinkRequired)).toBeNull();
  });

  it("creates the coupon, says 'Creating Coupon...' meanwhile, then clears the form", async () => {
    adminWorld();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(http.post(mockPath(api.payments.createCoupon), async () => {
      await gate;
    }, { once: true }));
    const user = await openForm();
    await user.type(code(), 'diwali25');
    await user.click(newUsers());
    await user.click(activeBox());
    await fillLinks(user);
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Creating Coupon...' })).toBeTruthy();
    release();

    expect(await screen.findByText(PAYMENT_MESSAGES.couponCreated)).toBeTruthy();
    await waitFor(() => expect(code().value).toBe(''));
    expect(activeBox().checked).toBe(true);
    expect(existingUsers().checked).toBe(true);
    // Manage Coupons lists it alone, in capitals, for new users, inactive, with each plan's link in its place.
    const card = await storedCoupon('DIWALI25');
    expect(within(card.closest('ul')!).getAllByRole('listitem')).toHaveLength(1);
    expect(within(card).getByText('New Users')).toBeTruthy();
    expect(within(card).getByText('Inactive')).toBeTruthy();
    expect(within(card).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(LINKS.map(([, link]) => link));
  }, 60_000);

  it("shows the server's refusal, e.g. a code that exists already", async () => {
    const { db, state } = adminWorld();
    addCoupon(db, state, { couponCode: 'WELCOME10' });
    const user = await openForm();
    await user.type(code(), 'Welcome10');
    await fillLinks(user);
    await user.click(submit());
    expect(await screen.findByText(PAYMENT_MESSAGES.couponExists)).toBeTruthy();
    expect(code().value).toBe('WELCOME10');
    // Manage Coupons still lists the one coupon there was.
    const card = await storedCoupon('WELCOME10');
    expect(within(card.closest('ul')!).getAllByRole('listitem')).toHaveLength(1);
  }, 60_000);

  it.each([
    ['a server error without a message', () => new HttpResponse(null, { status: 500 }), PAYMENT_MESSAGES.couponCreateFailed],
    ['no answer at all', () => HttpResponse.error(), PAYMENT_MESSAGES.networkError],
    ['an answer that makes no sense', () => HttpResponse.json({ ok: 1 }, { status: 201 }), PAYMENT_MESSAGES.couponCreateError],
  ])('tells the admin about %s', async (_case, respond, message) => {
    adminWorld();
    server.use(http.post(mockPath(api.payments.createCoupon), respond));
    const user = await openForm();
    await user.type(code(), 'SAVE20');
    await fillLinks(user);
    await user.click(submit());
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("'Clear Form' restores the defaults", async () => {
    adminWorld();
    const user = await openForm();
    await user.type(code(), 'TEMP');
    await user.click(newUsers());
    await user.click(activeBox());
    await user.click(screen.getByRole('button', { name: 'Clear Form' }));
    expect(code().value).toBe('');
    expect(existingUsers().checked).toBe(true);
    expect(activeBox().checked).toBe(true);
  });
});
