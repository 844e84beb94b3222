import { api as ops } from '@bh/shared/contract';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ERASURE_NOTICE_HOURS, PRIVACY_MESSAGES as M } from '@bh/shared';
import { ApiClient } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { serverNow, setServerClock } from '../support/clock.ts';
import { measureLayout, VIEWPORTS } from '../support/layout.ts';
import { useMailedServer } from '../support/mail.ts';
import { expectVisible, signIn, unexpectedErrors } from '../support/portal.ts';
import { createAccount, scheduleMeeting, startAfter, verifiedAssociate } from '../support/seed.ts';

/**
 * The privacy centre (issue 19) in Chromium, one browser for the whole file, on a server of its own
 * whose clock the journey moves (to pass an erasure's 48 hours) and whose mail lands in a mailbox.
 */
const session = useBrowser('privacy');
const live = useMailedServer('Anita Desai', { NODE_ENV: 'test', TEST_CLOCK: 'on', PRIVACY_JOB_MS: '300' });

describe('privacy centre journeys', () => {
  it('a client downloads their archive: their meetings, nothing of anyone else’s', async () => {
    const associate = await verifiedAssociate(live.admin, 'Kavita Menon');
    const client = await createAccount(live.admin, 'Rohit Bansal', 'user');
    const stranger = await createAccount(live.admin, 'Sneha Pillai', 'user');
    const now = await serverNow(live.server.baseUrl);
    const mine = await scheduleMeeting(live.admin, client, associate, startAfter(now, 60));
    const theirs = await scheduleMeeting(live.admin, stranger, associate, startAfter(now, 240));

    const { page, consoleErrors } = await session.newPage();
    await signIn(page, live.server.baseUrl, client);
    await page.goto(`${live.server.baseUrl}/privacy`);
    await expectVisible(page.getByRole('heading', { level: 1, name: M.title }));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: M.downloadArchive }).click()]);
    const path = await download.path();
    const files = unzipSync(new Uint8Array(readFileSync(path)));
    const meetings = JSON.parse(strFromU8(files['meetings.json']!)) as { _id: string }[];
    expect(meetings.map((m) => m._id)).toEqual([mine._id]);
    const everything = Object.values(files).map((f) => strFromU8(f)).join('\n');
    expect(everything).not.toContain(theirs._id);
    expect(everything).not.toContain(stranger.email);
    expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ email: client.email, role: 'user' });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  it('an associate sees an admin’s view of their documents in the access log', async () => {
    const associate = await verifiedAssociate(live.admin, 'Farhan Qureshi');
    const details = await live.admin.api.call(ops.register.doctorDetails, { params: { userId: associate._id } });
    expect(details.status).toBe(200);
    const file = await fetch(`${live.server.baseUrl}${details.json.employee.personalInfo.resumeUrl}`, { headers: { cookie: live.admin.api.cookie } });
    expect(file.status).toBe(200);
    await file.arrayBuffer();

    const { page } = await session.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, live.server.baseUrl, associate);
    await page.goto(`${live.server.baseUrl}/privacy`);
    const log = page.getByRole('region', { name: M.accessLogTitle });
    await expectVisible(log.getByText(`${live.admin.name} (Admin)`));
    await expectVisible(log.getByText(`${M.accessActions['document.read']}: resume.pdf`));
    await expectVisible(log.getByText(`${M.accessActions['application.view']}: Application`));
  });

  it('a client signs out another device, whose next call is 401', async () => {
    const client = await createAccount(live.admin, 'Meena Kumari', 'user');
    const otherDevice = new ApiClient(live.server.baseUrl);
    await otherDevice.login(client.email, client.password);
    expect((await otherDevice.call(ops.user.profile)).status).toBe(200);

    const { page } = await session.newPage();
    await signIn(page, live.server.baseUrl, client);
    await page.goto(`${live.server.baseUrl}/privacy`);
    const devices = page.getByRole('region', { name: M.sessionsTitle });
    await expectVisible(devices.getByText(M.thisDevice));
    const items = devices.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    // The journey's own browser is Chromium on Linux; the other device sent no browser name.
    await devices.getByRole('button', { name: M.signOut, exact: true }).click();
    await expectVisible(page.getByText(M.sessionSignedOut));
    await expect.poll(() => items.count()).toBe(1);
    expect((await otherDevice.call(ops.user.profile)).status).toBe(401);
  });

  it('an erasure is decided, announced, carried out after 48 hours; the person cannot sign in, the audit trail stands', async () => {
    const client = await createAccount(live.admin, 'Tanvi Shah', 'user');
    const { page } = await session.newPage();
    await signIn(page, live.server.baseUrl, client);
    await page.goto(`${live.server.baseUrl}/privacy`);
    const requests = page.getByRole('region', { name: M.requestsTitle });
    await requests.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Erasure' }).click();
    await requests.getByLabel('Details').fill('Please close my account and erase my data.');
    await requests.getByRole('button', { name: M.submitRequest }).click();
    await expectVisible(requests.getByText('Please close my account and erase my data.'));

    // A verified admin decides it from the queue, with a reason.
    const adminTab = await session.newPage();
    await signIn(adminTab.page, live.server.baseUrl, live.admin);
    await adminTab.page.goto(`${live.server.baseUrl}/privacy`);
    const row = adminTab.page.getByRole('region', { name: M.queueTitle }).getByRole('listitem', { name: `Erasure · ${client.email}` });
    await row.getByLabel(/^Answer/).fill('Erasing as you asked.');
    await row.getByRole('button', { name: 'Accept' }).click();
    await expectVisible(adminTab.page.getByText(M.requestDecided));

    // Announced by email at once, 48 hours ahead.
    await expect.poll(() => live.mailbox.messages.filter((m) => m.to.includes(client.email)).map((m) => m.subject), { timeout: 20_000 }).toContain('Your Better Health data will be erased');
    await page.reload();
    await expectVisible(page.getByText(/^Erasure takes effect on /));

    // Until the 48 hours are over the person can still sign in.
    const person = new ApiClient(live.server.baseUrl);
    await person.login(client.email, client.password);
    await setServerClock(live.server.baseUrl, new Date((await serverNow(live.server.baseUrl)).getTime() + ERASURE_NOTICE_HOURS * 3_600_000 + 60_000));
    // The server carries it out on its own once the notice period is over: the login stops working.
    const signInStatus = async () => (await new ApiClient(live.server.baseUrl).call(ops.user.login, { body: { email: client.email, password: client.password } })).status;
    await expect.poll(signInStatus, { timeout: 20_000, interval: 500 }).toBe(401);
    expect((await person.call(ops.user.profile)).status).toBe(401);
    // The admin's own session idled out over the 48 hours; the audit trail still stands.
    await live.admin.api.login(live.admin.email, live.admin.password);
    const audit = await live.admin.api.call(ops.admin.audit, { query: { filter: '{"action":"privacy.erase"}' } });
    expect(audit.status).toBe(200);
    // The trail names the account by its erased stand-in now, as every later reader sees it.
    const erased = `erased-${client._id}@erased.invalid`;
    expect(audit.json.some((e) => e.target?.includes(erased))).toBe(true);
    const decided = await live.admin.api.call(ops.admin.audit, { query: { filter: '{"action":"privacy.decide"}' } });
    expect(decided.json.some((e) => e.target?.includes(erased))).toBe(true);
  });

  it('lays out the privacy page at phone, tablet and laptop widths without sideways scroll', async () => {
    const client = await createAccount(live.admin, 'Arjun Nair', 'user');
    for (const viewport of VIEWPORTS) {
      const { page } = await session.newPage({ viewport: { width: viewport.width, height: viewport.height } });
      await signIn(page, live.server.baseUrl, client);
      await page.goto(`${live.server.baseUrl}/privacy`);
      await expectVisible(page.getByRole('region', { name: M.grievanceTitle }).getByText('grievance@betterhealth.example'));
      const layout = await measureLayout(page);
      expect(layout.documentWidth, viewport.name).toBeLessThanOrEqual(layout.windowWidth);
      expect(layout.clipped, viewport.name).toEqual([]);
      await page.context().close();
    }
  });
});
