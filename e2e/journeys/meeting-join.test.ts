import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../support/api.ts';
import { useBrowser, type TrackedPage } from '../support/browser.ts';
import { moveClocks, serverNow, startClockServer, syncPageClock } from '../support/clock.ts';
import { cellUnder, expectVisible, openedTab, signIn, standInFor, unexpectedErrors } from '../support/portal.ts';
import { cliAdmin, createAccount, scheduleMeeting, startAfter, verifiedAssociate, type Account, type SeededMeeting } from '../support/seed.ts';
import { startProductServer, type ProductServer } from '../support/server.ts';
import { api as ops } from '@bh/shared/contract';

const session = useBrowser('meeting-join');
let server: ProductServer;

beforeAll(async () => {
  server = await startClockServer();
});
afterAll(async () => {
  await server?.stop();
});

/** 'hh:mm am' of an instant on India's clock, worked out by hand (IST is UTC+05:30 all year). */
function istClockText(instant: Date): RegExp {
  const shifted = new Date(instant.getTime() + 330 * 60_000);
  const hours = shifted.getUTCHours();
  const hh = String(hours % 12 === 0 ? 12 : hours % 12).padStart(2, '0');
  const mm = String(shifted.getUTCMinutes()).padStart(2, '0');
  return new RegExp(`${hh}:${mm}\\s?${hours < 12 ? 'am' : 'pm'}`, 'i');
}

/** A participant's browser: the server's time, outside links answered locally, signed in. */
async function participantPage(account: Account): Promise<TrackedPage> {
  const tracked = await session.newPage();
  await syncPageClock(tracked.context, server.baseUrl);
  await standInFor(tracked.context, ['https://meet.example.in', 'https://forms.example.in']);
  await signIn(tracked.page, server.baseUrl, account);
  return tracked;
}

const nextMeeting = (page: Page) => page.getByRole('region', { name: 'Next Meeting' });
const joinIn = (page: Page, meeting: SeededMeeting) =>
  nextMeeting(page).getByRole('button', { name: `Join ${meeting.meetingDate} ${meeting.meetingTime}` });

/** Joins from the Next Meeting card and checks the new tab lands on the meeting's own link. */
async function joinFromDashboard(tracked: TrackedPage, meeting: SeededMeeting): Promise<void> {
  const join = joinIn(tracked.page, meeting);
  await expect.poll(() => join.isEnabled(), { timeout: 10_000 }).toBe(true);
  const tab = await openedTab(tracked.context, () => join.click());
  expect(tab.url()).toBe(meeting.meetingLink);
  await tab.close();
}

describe('joining a meeting at its join window', () => {
  it('shows the countdown, keeps Join closed early, then records both joins the admin sees in IST', async () => {
    const admin = await cliAdmin(server.baseUrl, server.dataDir, 'Farah Siddiqui');
    const client = await createAccount(admin, 'Vikram Joshi', 'user');
    const associate = await verifiedAssociate(admin, 'Lakshmi Rao');
    const meeting = await scheduleMeeting(admin, client, associate, startAfter(await serverNow(server.baseUrl), 30));

    // Half an hour ahead: the client sees the meeting counting down, and cannot join yet.
    const clientTab = await participantPage(client);
    const { page } = clientTab;
    const card = nextMeeting(page);
    await expectVisible(card.getByText(meeting.meetingTime));
    await expectVisible(card.getByText(`with ${associate.name}`));
    await expectVisible(card.getByRole('timer', { name: 'Starts in' }));
    const minutesLeft = Number(await card.getByTestId('countdown-minutes').locator('span').first().textContent());
    expect(minutesLeft).toBeGreaterThanOrEqual(25);
    expect(minutesLeft).toBeLessThanOrEqual(35);
    expect(await joinIn(page, meeting).isDisabled()).toBe(true);
    const tableJoin = page.getByRole('table', { name: 'Upcoming Sessions' }).getByRole('button', { name: /^Join / });
    expect(await tableJoin.isDisabled()).toBe(true);
    await joinIn(page, meeting).locator('xpath=..').hover();
    await expectVisible(page.getByRole('tooltip').getByText('You can join 5 minutes before the meeting starts'));

    // The server refuses a join before the window too, whatever the page shows.
    const clientApi = new ApiClient(server.baseUrl);
    await clientApi.login(client.email, client.password);
    expect((await clientApi.call(ops.meeting.recordJoin, { params: { meetingId: meeting._id } })).status).toBe(409);

    // Two minutes before the start, on the server and in the browser: the join window is open.
    const joinWindow = new Date(meeting.start.getTime() - 2 * 60_000);
    await moveClocks(server.baseUrl, [clientTab.context], joinWindow);
    await joinFromDashboard(clientTab, meeting);

    const associateTab = await participantPage(associate);
    await expectVisible(nextMeeting(associateTab.page).getByText(`with ${client.name}`));
    await joinFromDashboard(associateTab, meeting);

    // The joins were recorded at the server's (moved) time, not the machine's.
    const afterJoins = await serverNow(server.baseUrl);
    const listed = await admin.api.call(ops.meeting.list);
    const recorded = listed.json.meetings.find((m) => m._id === meeting._id);
    const joinedAt = [recorded?.userJoinedAt, recorded?.docJoinedAt].map((t) => new Date(t ?? 0));
    for (const t of joinedAt) {
      expect(t.getTime()).toBeGreaterThanOrEqual(joinWindow.getTime());
      expect(t.getTime()).toBeLessThanOrEqual(afterJoins.getTime());
    }

    // The admin's dashboard shows both join times on India's 12-hour clock.
    const adminTab = await session.newPage();
    await syncPageClock(adminTab.context, server.baseUrl);
    await signIn(adminTab.page, server.baseUrl, admin);
    const table = adminTab.page.getByRole('table', { name: 'Upcoming Sessions' });
    const row = table.getByRole('row').filter({ hasText: client.email });
    await expectVisible(row);
    const [userJoined, associateJoined] = joinedAt as [Date, Date];
    for (const [header, instant] of [
      ['User Joined', userJoined],
      ['Associate Joined', associateJoined],
    ] as const) {
      const cell = await cellUnder(table, row, header);
      const text = (await cell.textContent()) ?? '';
      expect(text, header).not.toContain('Not joined');
      expect(text, header).toMatch(istClockText(instant));
    }

    for (const tracked of [clientTab, associateTab, adminTab]) expect(unexpectedErrors(tracked.consoleErrors)).toEqual([]);
  });

  it('has no clock control outside test runs: no route by default, and production refuses to start with it', async () => {
    const shared = new ApiClient(inject('baseUrl'));
    expect((await shared.testClock('PUT', new Date())).status).toBe(404);

    const dataDir = mkdtempSync(join(tmpdir(), 'bh-e2e-clock-'));
    try {
      const refused = startProductServer({ dataDir, env: { NODE_ENV: 'production', TEST_CLOCK: 'on' } });
      await expect(refused).rejects.toThrow(/TEST_CLOCK=on is only allowed with NODE_ENV=test/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
