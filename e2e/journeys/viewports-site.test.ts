import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { ROOT } from '../support/server.ts';
import { contrastRatio, LAPTOP, measureLayout, NARROWEST, PHONE, scrollSettled, seriousAxeViolations, TABLET } from '../support/site-layout.ts';

const baseUrl = inject('baseUrl');
const session = useBrowser('viewports-site');

/** Every public page: spec §2.1, the four payment pages, the unknown-plan page and the 404 page. */
const PAGES = [
  '/',
  '/services',
  '/mental-health',
  '/cosmetology',
  '/about-us',
  '/financial-aid',
  '/privacy-policy',
  '/terms-conditions',
  '/make-payment/mental-Health-Counselling/single',
  '/make-payment/mental-Health-Counselling/bundle',
  '/make-payment/cosmetologist-consultancy/single',
  '/make-payment/cosmetologist-consultancy/bundle',
  '/make-payment/ayurveda/single',
  '/no-such-page',
];
const CHECKOUT_ORIGIN = 'https://payments.example.in';

/** With E2E_SCREENSHOTS=1, full-page screenshots land in e2e/artifacts/screens/ (git-ignored) for a person to look at. */
async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const dir = join(ROOT, 'e2e', 'artifacts', 'screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name.replace(/[^a-z0-9-]+/gi, '_')}.png`), fullPage: true });
}

async function open(viewport: { width: number; height: number }, options: { reducedMotion?: boolean } = {}) {
  const tracked = await session.newPage({ viewport });
  await tracked.context.route(`${CHECKOUT_ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Checkout</title>' }));
  if (options.reducedMotion) await tracked.page.emulateMedia({ reducedMotion: 'reduce' });
  return tracked;
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
}

type Box = { left: number; right: number; top: number; bottom: number };
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('public site at phone, tablet and laptop widths', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['tablet', TABLET],
    ['laptop', LAPTOP],
    ['320 px', NARROWEST],
  ] as const) {
    it(`fits every page at ${name} (${viewport.width}×${viewport.height}): no sideways scroll, no clipped text, a reachable menu`, async () => {
      const { page } = await open(viewport);
      const problems: string[] = [];
      for (const path of PAGES) {
        await visit(page, path);
        await screenshot(page, `${viewport.width}-${path}`);
        const layout = await measureLayout(page);
        if (layout.documentWidth > layout.windowWidth) problems.push(`${path}: document ${layout.documentWidth} px wide in a ${layout.windowWidth} px window`);
        for (const clip of layout.clipped) problems.push(`${path}: ${clip}`);

        const banner = page.getByRole('banner');
        const mainNav = banner.getByRole('navigation', { name: 'Main' });
        if (await mainNav.isVisible()) {
          for (const link of ['Home', 'Services', 'Login']) {
            if (!(await mainNav.getByRole('link', { name: link, exact: true }).isVisible())) problems.push(`${path}: ${link} not in the top bar`);
          }
        } else {
          await banner.getByRole('button', { name: 'Open menu' }).click();
          const drawer = page.getByRole('dialog', { name: 'Menu' });
          for (const link of ['Home', 'Services', 'Login']) {
            const box = await drawer.getByRole('link', { name: link, exact: true }).boundingBox();
            if (!box || box.y + box.height > viewport.height) problems.push(`${path}: ${link} not reachable in the drawer`);
          }
          await page.keyboard.press('Escape');
          await drawer.waitFor({ state: 'hidden' });
        }
      }
      expect(problems).toEqual([]);
    });
  }

  for (const viewport of [PHONE, LAPTOP]) {
    it(`has no serious or critical axe-core violation on any page at ${viewport.width} px`, async () => {
      const { page } = await open(viewport);
      const found: string[] = [];
      for (const path of PAGES) {
        await visit(page, path);
        for (const v of await seriousAxeViolations(page)) found.push(`${path}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
      }
      expect(found).toEqual([]);
    });
  }
});

describe('public site defects of issue 13', () => {
  it('15: the coupon field keeps the caret, withdraws an applied coupon when edited, and the plan’s price shows before Proceed on a phone', async () => {
    const { page } = await open(PHONE);
    await visit(page, '/make-payment/mental-Health-Counselling/single');
    const coupon = page.getByLabel(/Coupon code/);
    const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
    await expect.poll(() => proceed.isEnabled(), { timeout: 10_000 }).toBe(true);

    await coupon.click();
    await page.keyboard.type('save');
    await page.keyboard.press('Home');
    await page.keyboard.type('my');
    expect(await coupon.inputValue()).toBe('MYSAVE');

    await coupon.fill('welcome10');
    await page.getByRole('button', { name: 'Verify' }).click();
    const applied = page.getByText('Coupon applied successfully!');
    await applied.waitFor();
    await coupon.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await applied.waitFor({ state: 'detached' });
    await expect.poll(() => proceed.isEnabled(), { timeout: 10_000 }).toBe(true);

    const price = await page.locator('.pay-page__price').boundingBox();
    const button = await proceed.boundingBox();
    expect(price, 'the price is shown on a phone').not.toBeNull();
    expect((price?.y ?? Infinity) + (price?.height ?? 0)).toBeLessThanOrEqual(button?.y ?? 0);
    expect(await page.locator('.pay-page__price').textContent()).toMatch(/₹\s?[\d,]+ for 1 session/);
  });

  it('15: Verify pressed before the form has loaded neither reloads the page nor puts the code in the address', async () => {
    const { page, context } = await open(PHONE);
    // The island's scripts never arrive, as on a slow network before hydration.
    await context.route(`${baseUrl}/_astro/**`, (route) => route.abort());
    const path = '/make-payment/mental-Health-Counselling/single';
    await page.goto(`${baseUrl}${path}`);
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    const coupon = page.getByLabel(/Coupon code/);
    await coupon.fill('SAVE');
    await page.getByRole('button', { name: 'Verify' }).click({ force: true, timeout: 2_000 }).catch(() => {});
    await coupon.press('Enter');
    await page.waitForTimeout(500);
    expect(navigations).toBe(0);
    expect(page.url()).toBe(`${baseUrl}${path}`);
  });

  it('16: a payment address in another spelling or letter case opens the plan’s payment page', async () => {
    const { page } = await open(PHONE);
    for (const [path, canonical, heading] of [
      ['/make-payment/cosmetologist-Consultancy/single', '/make-payment/cosmetologist-consultancy/single', 'Payment for Cosmetologist Consultancy'],
      ['/make-payment/COSMETOLOGIST-CONSULTANCY/Bundle', '/make-payment/cosmetologist-consultancy/bundle', 'Payment for Cosmetologist Consultancy'],
      ['/make-payment/mentalHealthCounselling/single', '/make-payment/mental-Health-Counselling/single', 'Payment for Mental Health Counselling'],
      ['/make-payment/mental-health-counselling/BUNDLE/', '/make-payment/mental-Health-Counselling/bundle', 'Payment for Mental Health Counselling'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}${canonical}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await visit(page, '/make-payment/ayurveda/single');
    await page.getByRole('heading', { level: 1, name: 'Unknown service or plan' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/make-payment/ayurveda/single');
  });

  it('17: the FAQ card keeps its height, so Next stays under the thumb', async () => {
    const { page } = await open(PHONE, { reducedMotion: true });
    await visit(page, '/mental-health');
    const carousel = page.locator('section.faq');
    await carousel.scrollIntoViewIfNeeded();
    await page.locator('astro-island:not([ssr])').waitFor({ state: 'attached' });
    const next = carousel.getByRole('button', { name: 'Next question' });
    const where = async () => {
      const box = await next.boundingBox();
      const card = await carousel.boundingBox();
      return `${Math.round((box?.y ?? 0) - (card?.y ?? 0))}/${Math.round(card?.height ?? 0)}`;
    };
    const first = await where();
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const question = await carousel.locator('.faq__slide:not([hidden]) h3').textContent();
      await next.click();
      await expect.poll(() => carousel.locator('.faq__slide:not([hidden]) h3').textContent(), { timeout: 5_000 }).not.toBe(question);
      seen.add(await where());
    }
    expect([...seen]).toEqual([first]);
  });

  it('18: the phone drawer keeps focus inside, closes on Escape back to its button and on Home, and the page stays still behind it', async () => {
    const { page } = await open(PHONE, { reducedMotion: true });
    await visit(page, '/');
    await page.evaluate('window.scrollTo(0, 1200)');
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    // A tap where the button is (a locator click would first scroll the sticky header "into view").
    const at = await toggle.boundingBox();
    await page.mouse.click((at?.x ?? 0) + 24, (at?.y ?? 0) + 24);
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();

    // Eight steps forward and six back: past the last control and past the first.
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press(i < 8 ? 'Tab' : 'Shift+Tab');
      expect(await page.evaluate<boolean>(`document.getElementById('site-drawer').contains(document.activeElement)`), `Tab ${i + 1}`).toBe(true);
    }
    await page.mouse.move(20, 400);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    expect(await page.evaluate<number>('window.scrollY')).toBe(1200);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.evaluate<string>(`document.activeElement.getAttribute('aria-label')`)).toBe('Open menu');

    await toggle.click();
    await drawer.getByRole('link', { name: 'Home', exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await scrollSettled(page)).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('19: the policy index fits the laptop window with Contact Us in sight, the list of sections scrolling within it', async () => {
    const { page } = await open(LAPTOP, { reducedMotion: true });
    for (const path of ['/privacy-policy', '/terms-conditions']) {
      await visit(page, path);
      const index = page.getByRole('navigation', { name: 'On this page' });
      await page.evaluate('window.scrollTo(0, 1500)');
      await scrollSettled(page);
      const box = await index.boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? Infinity), path).toBeLessThanOrEqual(LAPTOP.height);
      // Without scrolling anything, 'Contact Us' is inside the index's visible box and the window.
      const contact = index.getByRole('link', { name: 'Contact Us' });
      const link = await contact.boundingBox();
      const bottom = (link?.y ?? Infinity) + (link?.height ?? 0);
      expect(bottom, path).toBeLessThanOrEqual(Math.min(LAPTOP.height, (box?.y ?? 0) + (box?.height ?? 0)));
      const listScrolls = `(() => { const ol = document.querySelector('.policy__index ol'); return ol.scrollHeight > ol.clientHeight && getComputedStyle(ol).overflowY === 'auto'; })()`;
      expect(await page.evaluate<boolean>(listScrolls), path).toBe(true);
      await contact.click();
      await scrollSettled(page);
      expect(await page.evaluate<string>('location.hash'), path).toBe('#contact-us');
    }
  });

  for (const viewport of [PHONE, LAPTOP]) {
    it(`20: at ${viewport.width} px the policy jump buttons show only when they help and never lie over the text or the footer`, async () => {
      const { page } = await open(viewport, { reducedMotion: true });
      await visit(page, '/terms-conditions');
      const toTop = page.getByRole('link', { name: 'Go to top' });
      const toBottom = page.getByRole('link', { name: 'Go to bottom' });
      expect(await toTop.isVisible(), 'top at the top').toBe(false);
      expect(await toBottom.isVisible(), 'bottom at the top').toBe(true);

      const height = await page.evaluate<number>('document.documentElement.scrollHeight');
      const covered: string[] = [];
      for (const y of [Math.round(height * 0.3), Math.round(height * 0.5), height]) {
        await page.evaluate(`window.scrollTo(0, ${y})`);
        await scrollSettled(page);
        await page.waitForTimeout(150);
        const found = await page.evaluate<{ buttons: Box[]; text: { what: string; box: Box }[] }>(`(() => {
          const box = (r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
          const buttons = [...document.querySelectorAll('.jump__button')].filter((b) => b.checkVisibility()).map((b) => box(b.getBoundingClientRect()));
          const text = [...document.querySelectorAll('.policy__index, .policy__body p, .policy__body li, .policy__body h2, .site-footer__legal p')]
            .map((el) => ({ what: el.textContent.trim().slice(0, 50), box: box(el.getBoundingClientRect()) }));
          return { buttons, text };
        })()`);
        for (const button of found.buttons) {
          for (const t of found.text) {
            // On a phone the buttons sit in a bar of their own that text scrolls beneath, like the sticky header;
            // there only the footer's lines count. On wide screens nothing may lie under them.
            const isFooter = /emergency|reserved/i.test(t.what);
            if ((isFooter || viewport.width >= 960) && overlaps(button, t.box)) covered.push(`at ${y}: ${t.what}`);
          }
        }
        if (y === height) {
          expect(await toBottom.isVisible(), 'bottom at the end').toBe(false);
          expect(await toTop.isVisible(), 'top at the end').toBe(true);
        } else if (y === Math.round(height * 0.3)) {
          expect(await toTop.isVisible(), 'top after scrolling').toBe(true);
          expect(await toBottom.isVisible(), 'bottom far from the end').toBe(true);
        }
      }
      expect(covered).toEqual([]);
    });
  }

  it('20: the footer’s focus ring stands out from the footer at 3:1 or more', async () => {
    const { page } = await open(LAPTOP);
    await visit(page, '/privacy-policy');
    await page.keyboard.press('Tab');
    const { ring, background, visible } = await page.evaluate<{ ring: string; background: string; visible: boolean }>(`(() => {
      const a = document.querySelector('.site-footer a');
      a.focus();
      return {
        ring: getComputedStyle(a).outlineColor,
        background: getComputedStyle(a.closest('.site-footer')).backgroundColor,
        visible: a.matches(':focus-visible'),
      };
    })()`);
    expect(visible).toBe(true);
    expect(contrastRatio(ring, background)).toBeGreaterThanOrEqual(3);
  });
});
