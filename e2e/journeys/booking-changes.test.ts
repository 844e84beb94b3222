import { api as ops } from '@bh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOOKING_MESSAGES as B, istDateString, WEEKDAYS, type Availability } from '@bh/shared';
import { ApiClient } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { serverNow, setServerClock, syncPageClock } from '../support/clock.ts';
import { createMeeting, expectVisible, signIn, startMeetingForm, unexpectedErrors } from '../support/portal.ts';
import { cliAdmin, createAccount, scheduleMeeting, startAfter, verifiedAssociate, type Account, type Admin } from '../support/seed.ts';
import { startProductServer, type ProductServer } from '../support/server.ts';

/**
 * Booking changes (issue 18) in Chromium, one browser for the whole file, on a server of its own
 * whose clock the last journey moves past a session's end.
 */
const session = useBrowser('booking-changes');
let server: ProductServer;
let admin: Admin;

const DAY_MS = 24 * 3_600_000;
/** 10:00–17:30 India time every day: five 90-minute slots, 10:00 AM, 11:30 AM, 01:00 PM, 02:30 PM, 04:00 PM. */
const EVERY_DAY: Availability = {
  weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ start: '10:00', end: '17:30' }]])) as Availability['weekly'],
  daysOff: [],
};

/** The associate's hours, saved through the API as the associate (what the /availability page does). */
async function setHours(associate: Account, hours: Availability = EVERY_DAY): Promise<void> {
  const api = new ApiClient(server.baseUrl);
  await api.login(associate.email, associate.password);
  const res = await api.call(ops.booking.setAvailability, { body: hours });
  if (res.status !== 200) throw new Error(`saving hours failed: ${res.status} ${JSON.stringify(res.json)}`);
  await api.call(ops.user.logout);
}

async function freeSlotTimes(associate: Account, date: string): Promise<string[]> {
  const res = await admin.api.call(ops.booking.slots, { query: { doctorId: associate.email, date } });
  expect(res.status).toBe(200);
  return res.json.slots.map((s) => s.meetingTime);
}

/** The associate's menu link to /availability ('My hours'). */
async function openMyHours(page: Page): Promise<void> {
  await page.getByRole('menuitem', { name: 'My hours' }).click();
  await page.waitForURL(/\/availability$/);
  await expectVisible(page.getByRole('textbox', { name: /^Monday/ }));
}

async function openDashboard(page: Page, who: Account) {
  await signIn(page, server.baseUrl, who);
  return page.getByRole('region', { name: 'Upcoming Sessions' });
}

beforeAll(async () => {
  server = await startProductServer({ env: { NODE_ENV: 'test', TEST_CLOCK: 'on' } });
  admin = await cliAdmin(server.baseUrl, server.dataDir, 'Anita Desai');
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

describe('booking changes journeys', () => {
  it('a verified associate sets weekly hours on /availability and they are saved', async () => {
    const associate = await verifiedAssociate(admin, 'Kavita Menon');
    const { page, consoleErrors } = await session.newPage();
    await signIn(page, server.baseUrl, associate);
    await openMyHours(page);
    const monday = page.getByRole('textbox', { name: /^Monday/ });
    await expectVisible(monday);
    await monday.fill('10:00-13:00, 14:00-19:00');
    await page.getByRole('textbox', { name: /^Thursday/ }).fill('09:30-12:30');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await expectVisible(page.getByText(B.availabilitySaved));

    // A fresh load of the portal reads them back from the server.
    await page.goto(`${server.baseUrl}/dashboard`);
    await openMyHours(page);
    await expect.poll(() => page.getByRole('textbox', { name: /^Monday/ }).inputValue(), { timeout: 20_000 }).toBe('10:00-13:00, 14:00-19:00');
    expect(await page.getByRole('textbox', { name: /^Thursday/ }).inputValue()).toBe('09:30-12:30');
    expect(await page.getByRole('textbox', { name: /^Tuesday/ }).inputValue()).toBe('');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  it('an admin on Schedule Meetings picks the associate’s free slot and the meeting is created', async () => {
    const associate = await verifiedAssociate(admin, 'Farhan Qureshi');
    const client = await createAccount(admin, 'Rohit Bansal', 'user');
    await setHours(associate);
    const date = istDateString(new Date((await serverNow(server.baseUrl)).getTime() + 3 * DAY_MS));
    expect(await freeSlotTimes(associate, date)).toContain('02:30 PM');

    const { page, consoleErrors } = await session.newPage();
    await signIn(page, server.baseUrl, admin);
    await startMeetingForm(page, server.baseUrl, { client, associate }, date);
    const slots = page.getByRole('group', { name: 'Free slots' });
    await slots.getByRole('button', { name: '02:30 PM' }).click();
    expect(await page.getByLabel(/^Meeting Time/).inputValue()).toBe('02:30');
    expect(await page.getByRole('button', { name: 'PM', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await createMeeting(page, { meeting: 'https://meet.example.com/rohit-farhan', form: 'https://forms.example.com/rohit-report' });

    // The slot is taken now: the associate's free slots on that day no longer offer it.
    const left = await freeSlotTimes(associate, date);
    expect(left).not.toContain('02:30 PM');
    expect(left).toContain('01:00 PM');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);

  it('a client reschedules a meeting more than 24 hours ahead into a free slot and sees the new time', async () => {
    const associate = await verifiedAssociate(admin, 'Meera Rao');
    const client = await createAccount(admin, 'Priya Nair', 'user');
    await setHours(associate);
    const now = await serverNow(server.baseUrl);
    const meeting = await scheduleMeeting(admin, client, associate, startAfter(now, 48 * 60));
    const newDate = istDateString(new Date(now.getTime() + 4 * DAY_MS));

    const { page, consoleErrors } = await session.newPage();
    const upcoming = await openDashboard(page, client);
    await expectVisible(upcoming.getByText(meeting.meetingTime));
    await upcoming.getByRole('button', { name: 'Reschedule', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule' });
    await expectVisible(dialog);
    await dialog.getByLabel('New date').fill(newDate);
    await dialog.getByRole('group', { name: 'Free slots' }).getByRole('button', { name: '11:30 AM' }).click();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Exam that morning');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expectVisible(page.getByText(B.rescheduled));
    await expectVisible(upcoming.getByText('11:30 AM'));

    const slotsLeft = await freeSlotTimes(associate, newDate);
    expect(slotsLeft).not.toContain('11:30 AM');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);

  it('a client cancelling under 12 hours ahead sees "No refund" before confirming, then the session shows as Cancelled', async () => {
    const associate = await verifiedAssociate(admin, 'Sneha Pillai');
    const client = await createAccount(admin, 'Arjun Nair', 'user');
    const now = await serverNow(server.baseUrl);
    await scheduleMeeting(admin, client, associate, startAfter(now, 3 * 60));

    const { page, consoleErrors } = await session.newPage();
    const upcoming = await openDashboard(page, client);
    await expectVisible(upcoming.getByRole('button', { name: 'Cancel session' }));
    // Under 24 hours a client asks to reschedule rather than moving it.
    expect(await upcoming.getByRole('button', { name: 'Reschedule', exact: true }).count()).toBe(0);
    await upcoming.getByRole('button', { name: 'Cancel session' }).click();
    const dialog = page.getByRole('dialog', { name: B.confirmCancel });
    await expectVisible(dialog);
    expect(await dialog.getByRole('status').textContent()).toBe(B.confirmCancelBand(B.bandNone));
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Unwell today');
    await dialog.getByRole('button', { name: 'Cancel session' }).click();

    // It leaves the client's upcoming list; the associate's dashboard shows it, marked Cancelled, among the past.
    await expectVisible(page.getByText(B.cancelled));
    await expect.poll(() => page.getByRole('region', { name: 'Upcoming Sessions' }).count(), { timeout: 20_000 }).toBe(0);
    const staff = await session.newPage();
    await signIn(staff.page, server.baseUrl, associate);
    const past = staff.page.getByRole('region', { name: 'Past Sessions' });
    await expectVisible(past.getByText(client.name));
    await expectVisible(past.getByText(B.statusCancelled, { exact: true }));
    // Nothing is owed for it.
    const due = await admin.api.call(ops.booking.refunds, { query: { status: 'due' } });
    expect(due.json.refunds.some((r) => r.clientEmail === client.email)).toBe(false);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);

  it('the refund due from a client’s early cancellation appears in the admin’s refunds list', async () => {
    const associate = await verifiedAssociate(admin, 'Tanvi Shah');
    const client = await createAccount(admin, 'Meena Kumari', 'user');
    const now = await serverNow(server.baseUrl);
    await scheduleMeeting(admin, client, associate, startAfter(now, 30 * 60));

    const { page } = await session.newPage();
    const upcoming = await openDashboard(page, client);
    await upcoming.getByRole('button', { name: 'Cancel session' }).click();
    const dialog = page.getByRole('dialog', { name: B.confirmCancel });
    expect(await dialog.getByRole('status').textContent()).toBe(B.confirmCancelBand(B.bandFull));
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Travelling for work');
    await dialog.getByRole('button', { name: 'Cancel session' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Upcoming Sessions' }).count(), { timeout: 20_000 }).toBe(0);

    const adminTab = await session.newPage();
    await signIn(adminTab.page, server.baseUrl, admin);
    await adminTab.page.goto(`${server.baseUrl}/admin/refunds`);
    const card = adminTab.page.getByRole('listitem').filter({ hasText: `${B.bandFull} · ${client.name}` });
    await expectVisible(card);
    await expectVisible(card.getByText(client.email, { exact: false }));
    expect(unexpectedErrors(adminTab.consoleErrors)).toEqual([]);
  }, 60_000);

  // Last: it moves the server's clock past the session's end.
  it('a verified associate marks a past meeting as a client no-show', async () => {
    const associate = await verifiedAssociate(admin, 'Rohan Kulkarni');
    const client = await createAccount(admin, 'Deepa Iyer', 'user');
    const now = await serverNow(server.baseUrl);
    const meeting = await scheduleMeeting(admin, client, associate, startAfter(now, 10));
    await setServerClock(server.baseUrl, new Date(meeting.start.getTime() + 95 * 60_000));

    const { page, context, consoleErrors } = await session.newPage();
    await syncPageClock(context, server.baseUrl);
    await signIn(page, server.baseUrl, associate);
    const past = page.getByRole('region', { name: 'Past Sessions' });
    await past.getByRole('button', { name: 'Client no-show' }).click();
    await expectVisible(past.getByText(B.noShowClient, { exact: true }));
    expect(await past.getByRole('button', { name: 'Client no-show' }).count()).toBe(0);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);
});
