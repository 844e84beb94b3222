import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser, type TrackedPage } from '../support/browser.ts';
import { serverNow, setServerClock, startClockServer, syncPageClock } from '../support/clock.ts';
import { expectVisible, openedTab, signIn, standInFor, unexpectedErrors } from '../support/portal.ts';
import { cliAdmin, createAccount, scheduleMeeting, startAfter, verifiedAssociate, type Account, type SeededMeeting } from '../support/seed.ts';
import type { ProductServer } from '../support/server.ts';

const session = useBrowser('report-link');
let server: ProductServer;

beforeAll(async () => {
  server = await startClockServer();
});
afterAll(async () => {
  await server?.stop();
});

const REPORTS_ORIGIN = 'https://reports.example.in';

async function dashboardOf(account: Account): Promise<TrackedPage> {
  const tracked = await session.newPage();
  await syncPageClock(tracked.context, server.baseUrl);
  await standInFor(tracked.context, ['https://meet.example.in', 'https://forms.example.in', REPORTS_ORIGIN]);
  await signIn(tracked.page, server.baseUrl, account);
  return tracked;
}

/** The meeting's row in the dashboard's sessions table (it is the only meeting of these people). */
function meetingRow(page: Page, meeting: SeededMeeting): Locator {
  return page.getByRole('table', { name: 'Upcoming Sessions' }).getByRole('row').filter({ hasText: meeting.meetingTime });
}

describe('a session report', () => {
  it('is saved by the associate after the session and opened by the client with View Report', async () => {
    const admin = await cliAdmin(server.baseUrl, server.dataDir, 'Imran Sheikh');
    const client = await createAccount(admin, 'Ananya Bose', 'user');
    const associate = await verifiedAssociate(admin, 'Deepa Menon');
    const meeting = await scheduleMeeting(admin, client, associate, startAfter(await serverNow(server.baseUrl), 30));

    // Seventy minutes after the start: the hour of 'Join Now!' is over and the report is due.
    await setServerClock(server.baseUrl, new Date(meeting.start.getTime() + 70 * 60_000));

    const before = await dashboardOf(client);
    const clientRow = meetingRow(before.page, meeting);
    await expectVisible(clientRow.getByText('No report yet'));
    expect(await clientRow.getByRole('link', { name: 'View Report' }).count()).toBe(0);
    await before.context.close();

    const associateTab = await dashboardOf(associate);
    const row = meetingRow(associateTab.page, meeting);
    await expectVisible(row.getByText(client.name));
    expect(await associateTab.page.getByText('Join Now!').count()).toBe(0);

    // 'Submit Report' opens the meeting's report form; the associate then records the filled report.
    const form = await openedTab(associateTab.context, () => row.getByRole('button', { name: 'Submit Report' }).click());
    expect(form.url()).toBe(meeting.formLink);
    await form.close();

    const reportLink = `${REPORTS_ORIGIN}/sessions/${meeting._id}`;
    await row.getByRole('button', { name: 'Add Report Link' }).click();
    const dialog = associateTab.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Report link/ }).fill(reportLink);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(associateTab.page.getByText('Report link saved'));
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.getByRole('link', { name: 'View Report' }).getAttribute('href')).toBe(reportLink);

    // The client's dashboard now offers the report.
    const clientTab = await dashboardOf(client);
    const view = meetingRow(clientTab.page, meeting).getByRole('link', { name: 'View Report' });
    await expectVisible(view);
    expect(await view.getAttribute('href')).toBe(reportLink);
    const report = await openedTab(clientTab.context, () => view.click());
    expect(report.url()).toBe(reportLink);

    for (const tracked of [associateTab, clientTab]) expect(unexpectedErrors(tracked.consoleErrors)).toEqual([]);
  });
});
