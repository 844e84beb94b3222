import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits for text or a control to show, with room for a cold chunk load on a busy machine. */
export async function expectVisible(locator: Locator, timeout = 20_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Signs in through the portal's /login form, as a person does, and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Better Health ID').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dashboard$/i);
}

/**
 * A person's first sign-in shows the itemised privacy notice before the portal (issue 19); they
 * read it and accept, and the screen they came for follows.
 */
export async function acceptPrivacyNotice(page: Page): Promise<void> {
  await expectVisible(page.getByRole('heading', { name: 'How Better Health uses your personal data' }));
  await page.getByRole('button', { name: 'I agree' }).click();
}

/**
 * Opens the admin's Create Meeting form, verifies the client and the BH Associate by email (their
 * names fill in) and sets the date; the time is the journey's to choose.
 */
export async function startMeetingForm(
  page: Page,
  baseUrl: string,
  people: { client: { email: string; name: string }; associate: { email: string; name: string } },
  date: string,
): Promise<void> {
  await page.goto(`${baseUrl}/admin/create-meeting`);
  await page.getByLabel(/^Client ID/).fill(people.client.email);
  await page.getByRole('button', { name: 'Verify Client ID (email)' }).click();
  await expect.poll(() => page.getByLabel('Client Name').inputValue(), { timeout: 15_000 }).toBe(people.client.name);
  await page.getByLabel(/^BH Associate ID/).fill(people.associate.email);
  await page.getByRole('button', { name: 'Verify BH Associate ID (email)' }).click();
  await expect.poll(() => page.getByLabel('BH Associate Name').inputValue(), { timeout: 15_000 }).toBe(people.associate.name);
  await page.getByLabel(/^Meeting Date/).fill(date);
}

/** Gives the meeting its links and creates it; the form confirms. */
export async function createMeeting(page: Page, links: { meeting: string; form: string }): Promise<void> {
  await page.getByLabel(/^Meeting Link/).fill(links.meeting);
  await page.getByLabel(/^Report Form Link/).fill(links.form);
  await page.getByRole('button', { name: 'Create Meeting' }).click();
  await expectVisible(page.getByText('Meeting created successfully!'));
}

/** What toneOf reads of an element (the e2e project compiles without the DOM library). */
interface StyledElement {
  ownerDocument: { defaultView: { getComputedStyle(el: StyledElement): { color: string; backgroundColor: string } } | null };
}

/**
 * The colour family a message box is painted in, read from its computed text and background
 * colours: 'red' or 'green' when both agree, otherwise 'neutral'.
 */
export async function toneOf(locator: Locator): Promise<'red' | 'green' | 'neutral'> {
  const colours = await locator.evaluate((el: StyledElement) => {
    const style = el.ownerDocument.defaultView?.getComputedStyle(el);
    return [style?.color ?? '', style?.backgroundColor ?? ''];
  });
  const families = colours.map((css) => {
    const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
    if (r > g && r > b) return 'red';
    if (g > r && g > b) return 'green';
    return 'neutral';
  });
  return families.every((f) => f === families[0]) ? (families[0] ?? 'neutral') : 'neutral';
}

/**
 * Clicks a control that opens a new tab and returns that tab once it has reached an http(s)
 * address (the portal may open a blank tab first and point it at the link when it arrives).
 */
export async function openedTab(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForURL(/^https?:/, { timeout: 20_000 });
  return tab;
}

/** Outside pages the product links to are answered by a stand-in page: journeys never leave the machine. */
export async function standInFor(context: BrowserContext, origins: readonly string[]): Promise<void> {
  for (const origin of origins) {
    await context.route(`${origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>${new URL(origin).hostname}</title><p>Outside page</p>` }),
    );
  }
}

/** The cell of `row` under the column headed `header`, in a table with one header row. */
export async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = await table.getByRole('columnheader').allTextContents();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `column '${header}' among ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

/** Console errors other than the 401 the portal's start-up profile check logs for a signed-out visitor. */
export function unexpectedErrors(consoleErrors: readonly string[], allowed: RegExp = /(401|Unauthorized)/i): string[] {
  return consoleErrors.filter((e) => !allowed.test(e));
}
