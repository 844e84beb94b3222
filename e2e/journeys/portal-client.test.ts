import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { istDateAndTime, MINUTE_MS } from '@bh/shared';
import { ApiClient, DEMO, uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { api as ops } from '@bh/shared/contract';
import { acceptPrivacyNotice, signIn } from '../support/portal.ts';

const baseUrl = inject('baseUrl');
const session = useBrowser('portal-client');

/**
 * A new client with one meeting booked by the admin with the demo associate. The start is days
 * ahead on a random five-minute mark, drawn again if it collides with another booking.
 */
async function seedClientWithMeeting() {
  const admin = new ApiClient(baseUrl);
  await admin.login(DEMO.admin, DEMO.password);
  const client = { name: 'Kavya Menon', email: uniqueEmail('kavya'), password: 'Kavya-Health-2026' };
  const created = await admin.call(ops.user.register, { body: { ...client, role: 'user' } });
  expect(created.status).toBe(201);

  const fiveMinutes = 5 * MINUTE_MS;
  const slotsPerDay = 288;
  // The demo associate has other bookings (the demo data, other journeys): a random start that
  // falls within 90 minutes of one is refused with 409, so another start is drawn.
  for (let attempt = 1; ; attempt += 1) {
    const start = new Date(Math.ceil(Date.now() / fiveMinutes) * fiveMinutes + randomInt(3 * slotsPerDay, 200 * slotsPerDay) * fiveMinutes);
    const when = istDateAndTime(start);
    const meeting = await admin.call(ops.meeting.create, { body: {
      clientId: client.email,
      doctorId: DEMO.associate,
      ...when,
      meetingLink: 'https://meet.example.in/kavya-first-session',
      formLink: 'https://forms.example.in/bh-session-report',
    } });
    if (meeting.status === 409 && attempt < 5) continue;
    expect(meeting.status, JSON.stringify(meeting.json)).toBe(201);
    return { client, start, when };
  }
}

describe('a client on the portal', () => {
  it('signs in and finds the booked meeting with a live countdown', async () => {
    const { client, start, when } = await seedClientWithMeeting();
    const { page, consoleErrors } = await session.newPage();

    await signIn(page, baseUrl, client);
    // A first sign-in: the privacy notice comes first.
    await acceptPrivacyNotice(page);
    await page.getByText('Hello, Kavya!').waitFor();
    await page.getByText('Login Success').waitFor();

    const card = page.getByRole('region', { name: 'Next Meeting' });
    await card.waitFor();
    await expectText(card.getByText(when.meetingTime), when.meetingTime);
    await card.getByText('with Dr. Meera Rao').waitFor();

    const remaining = start.getTime() - Date.now();
    const days = Number(await card.getByTestId('countdown-days').locator('span').first().textContent());
    expect(days).toBe(Math.floor(remaining / (24 * 60 * MINUTE_MS)));

    // The countdown ticks every second.
    const seconds = card.getByTestId('countdown-seconds').locator('span').first();
    const before = await seconds.textContent();
    await expect.poll(() => seconds.textContent(), { timeout: 3000, interval: 200 }).not.toBe(before);

    const upcoming = page.getByRole('table', { name: 'Upcoming Sessions' });
    await expectText(upcoming.getByRole('cell', { name: when.meetingTime }), when.meetingTime);
    await upcoming.getByRole('cell', { name: 'Dr. Meera Rao' }).waitFor();
    // Five minutes before the start at the earliest: the join button waits, with the spec's tooltip.
    const join = upcoming.getByRole('button', { name: /^Join / });
    expect(await join.isDisabled()).toBe(true);

    expect(consoleErrors.filter((e) => !/401|Unauthorized/i.test(e))).toEqual([]);
  });

  it('opening the dashboard again, finds its data already asked for by the page, each call once', async () => {
    const { client, when } = await seedClientWithMeeting();
    const { page, context, consoleErrors } = await session.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, baseUrl, client);
    await acceptPrivacyNotice(page);
    await page.getByRole('region', { name: 'Next Meeting' }).waitFor();

    // A returning visit: the session cookie is there, the page is opened directly.
    const again = await context.newPage();
    const asked: { path: string; accept: string }[] = [];
    const warnings: string[] = [];
    again.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) asked.push({ path: url.pathname, accept: r.headers()['accept'] ?? '' });
    });
    again.on('console', (m) => warnings.push(m.text()));
    await again.goto(`${baseUrl}/dashboard`);
    await expectText(again.getByRole('region', { name: 'Next Meeting' }).getByText(when.meetingTime), when.meetingTime);
    // Chromium says so when a preloaded answer goes unused for a few seconds.
    await again.waitForTimeout(3_500);

    const first = ['/api/v1/user/profile', '/api/v1/privacy/notice', '/api/v1/meeting/get-meetings', '/api/v1/payments/services'];
    for (const path of first) {
      const calls = asked.filter((a) => a.path === path);
      // Asked once, by the page's preload (the app's own calls say they accept JSON): the app took that answer.
      expect(calls, path).toHaveLength(1);
      expect(calls[0]!.accept, path).not.toContain('application/json');
    }
    expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
    expect(consoleErrors.filter((e) => !/401|Unauthorized/i.test(e))).toEqual([]);
  });

  it('opening the dashboard directly, finds the first screen\'s styles, its table\'s too, already in the page and makes none of its own', async () => {
    const { client } = await seedClientWithMeeting();
    const { page, context } = await session.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, baseUrl, client);
    await acceptPrivacyNotice(page);
    await page.getByRole('region', { name: 'Next Meeting' }).waitFor();

    const again = await context.newPage();
    await again.goto(`${baseUrl}/dashboard`);
    await again.getByRole('region', { name: 'Next Meeting' }).waitFor();
    // The table comes in a commit after the next meeting's (portal/src/components/Later.tsx).
    await again.getByRole('heading', { name: 'Upcoming Sessions' }).waitFor();
    // Read in the page (the journeys' types have no DOM): the page's own element (portal/src/firstScreenStyles.tsx), the
    // names of the rules emotion inserted as the app ran, and the style names of the top bar and the greeting.
    const styles = (await again.evaluate(`(() => {
      const drawn = document.querySelector('style[data-emotion^="css "]')?.getAttribute('data-emotion')?.split(' ').slice(1) ?? [];
      const made = new Set();
      for (const element of document.querySelectorAll('style[data-emotion="css"]')) {
        for (const rule of element.sheet?.cssRules ?? []) {
          const name = /^\\.css-([0-9a-z]+)/.exec(rule.selectorText ?? '')?.[1];
          if (name) made.add(name);
        }
      }
      const named = (element) => [...(element?.classList ?? [])].find((c) => c.startsWith('css-'))?.slice(4) ?? '';
      return { drawn, made: [...made], topBar: named(document.querySelector('header')), greeting: named(document.querySelector('[data-testid="dashboard-quote"]')) };
    })()`)) as { drawn: string[]; made: string[]; topBar: string; greeting: string };
    expect(styles.drawn.length).toBeGreaterThan(30);
    // The shell's top bar and the dashboard's greeting are styled by rules the page brought…
    expect(styles.drawn).toContain(styles.topBar);
    expect(styles.drawn).toContain(styles.greeting);
    // …and the app compiled none of those rules again, nor any other: the table's were there too.
    expect(styles.made.filter((name) => styles.drawn.includes(name))).toEqual([]);
    expect(styles.made).toEqual([]);
  });

  it('lists the services to book more sessions', async () => {
    const { client } = await seedClientWithMeeting();
    const { page } = await session.newPage();
    await signIn(page, baseUrl, client);
    await acceptPrivacyNotice(page);
    await page.getByRole('button', { name: 'Book More Sessions' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('Mental Health Counselling').waitFor();
    await menu.getByText('Cosmetologist Consultancy').waitFor();
    await menu.getByText('3-Session Pack').waitFor();
  });
});

async function expectText(locator: import('playwright-core').Locator, text: string): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout: 15_000 });
  expect(await locator.first().textContent()).toContain(text);
}
