import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SERVICES } from '@bh/shared';
import { ApiClient } from '../support/api.ts';
import { useBrowser, type TrackedPage } from '../support/browser.ts';
import { expectVisible, openedTab, signIn, standInFor, toneOf, unexpectedErrors } from '../support/portal.ts';
import { cliAdmin, uniqueCouponCode } from '../support/seed.ts';
import { api as ops } from '@bh/shared/contract';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const session = useBrowser('coupon-lifecycle');

/** Checkout pages live on a reserved domain; the browser gets a stand-in page for them. */
const CHECKOUT_ORIGIN = 'https://payments.example.in';
const PAYMENT_PATH = '/make-payment/mental-Health-Counselling/single';

/** The visitor's side: the payment page's coupon check and where 'Proceed to Payment' leads. */
class PaymentPage {
  readonly tracked: TrackedPage;
  readonly page: Page;

  constructor(tracked: TrackedPage) {
    this.tracked = tracked;
    this.page = tracked.page;
  }

  async check(code: string): Promise<Locator> {
    await this.page.getByLabel(/Coupon code/).fill(code);
    await this.page.getByRole('button', { name: 'Verify' }).click();
    const status = this.page.locator('.pay__status');
    await expectVisible(status);
    return status;
  }

  /** The address 'Proceed to Payment' opens, once the page knows a link. */
  async proceedsTo(): Promise<string> {
    const proceed = this.page.getByRole('button', { name: 'Proceed to Payment' });
    await expect.poll(() => proceed.isEnabled(), { timeout: 15_000 }).toBe(true);
    const tab = await openedTab(this.tracked.context, () => proceed.click());
    const url = tab.url();
    await tab.close();
    return url;
  }
}

describe('a coupon’s life', () => {
  it('is created, deactivated (a visitor’s check then fails), reactivated and deleted', async () => {
    const admin = await cliAdmin(baseUrl, dataDir, 'Tara Ghosh');
    const code = uniqueCouponCode('LIFE');
    const link = (service: string, plan: string) => `${CHECKOUT_ORIGIN}/e2e/${code.toLowerCase()}/${service}-${plan}`;
    const defaults = await new ApiClient(baseUrl).call(ops.payments.defaultLink, { params: { service: 'mental-Health-Counselling', planType: 'single' } });
    const defaultLink = defaults.json.data.paymentLink;
    expect(defaultLink).toMatch(/^https:\/\//);

    // The admin creates a new-user coupon on Create New Coupon.
    const adminTab = await session.newPage();
    const { page } = adminTab;
    await signIn(page, baseUrl, admin);
    await page.goto(`${baseUrl}/admin/create-coupons`);
    await expectVisible(page.getByRole('heading', { name: 'Create New Coupon' }));
    const codeInput = page.getByLabel(/^Coupon Code/);
    await codeInput.fill(code.toLowerCase());
    expect(await codeInput.inputValue()).toBe(code);
    await page.getByLabel('New Users Only').check();
    expect(await page.getByLabel('Coupon is Active').isChecked()).toBe(true);
    for (const service of Object.values(SERVICES)) {
      for (const plan of service.plans) {
        await page.getByLabel(new RegExp(`^${service.displayName}: ${plan.name}`)).fill(link(service.key, plan.type));
      }
    }
    await page.getByRole('button', { name: 'Create Coupon' }).click();
    await expectVisible(page.getByText('Coupon created successfully!'));

    // Manage Coupons shows it active; the admin deactivates it.
    await page.goto(`${baseUrl}/admin/all-coupons`);
    const card = page.getByRole('listitem', { name: code });
    await expectVisible(card);
    await expectVisible(card.getByText('New Users', { exact: true }));
    await expectVisible(card.getByText('Active', { exact: true }));
    await card.getByRole('button', { name: 'Deactivate' }).click();
    await expectVisible(page.getByText('Coupon deactivated successfully'));
    await expectVisible(card.getByText('Inactive', { exact: true }));

    // A visitor's check of the deactivated code fails in red, and the default link stays.
    const visitorTab = await session.newPage();
    await standInFor(visitorTab.context, [CHECKOUT_ORIGIN]);
    const visitor = new PaymentPage(visitorTab);
    await visitor.page.goto(`${baseUrl}${PAYMENT_PATH}`);
    expect(await visitor.proceedsTo()).toBe(defaultLink);
    const refused = await visitor.check(code);
    await expectVisible(refused.getByText('Invalid or inactive coupon code', { exact: true }));
    expect(await toneOf(refused)).toBe('red');
    expect(await visitor.proceedsTo()).toBe(defaultLink);

    // Reactivated, the same check succeeds in green with the coupon's own link.
    await card.getByRole('button', { name: 'Activate' }).click();
    await expectVisible(page.getByText('Coupon activated successfully'));
    await expectVisible(card.getByText('Active', { exact: true }));
    const applied = await visitor.check(code);
    await expectVisible(applied.getByText('Coupon applied successfully!'));
    expect(await toneOf(applied)).toBe('green');
    expect(await visitor.proceedsTo()).toBe(link('mentalHealthCounselling', 'single'));

    // Delete asks first; Cancel keeps the coupon, Delete removes it for good.
    const confirmText = `Are you sure you want to delete the coupon "${code}"? This action cannot be undone.`;
    await card.getByRole('button', { name: 'Delete' }).click();
    let dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText(confirmText, { exact: true }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectVisible(card);
    await card.getByRole('button', { name: 'Delete' }).click();
    dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText(confirmText, { exact: true }));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectVisible(page.getByText('Coupon deleted successfully'));
    await card.waitFor({ state: 'detached' });

    const coupons = await admin.api.call(ops.payments.coupons);
    expect(coupons.json.data.map((c) => c.couponCode)).not.toContain(code);
    const gone = await visitor.check(code);
    await expectVisible(gone.getByText('Invalid or inactive coupon code', { exact: true }));
    expect(await visitor.proceedsTo()).toBe(defaultLink);

    expect(unexpectedErrors(adminTab.consoleErrors)).toEqual([]);
    // A refused coupon answers 404, which Chromium logs; nothing else may reach the console.
    expect(unexpectedErrors(visitorTab.consoleErrors, /status of 404/)).toEqual([]);
  });
});
