import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { seriousAxeViolations } from '../support/layout.ts';
import { expectVisible, signIn } from '../support/portal.ts';
import { cliAdmin, createAccount, scheduleMeeting, startAfter, uniqueCouponCode, verifiedAssociate, type Account, type Admin } from '../support/seed.ts';
import { api as ops } from '@bh/shared/contract';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const session = useBrowser('a11y-forms');

/**
 * Reflow and text spacing (WCAG 1.4.10, 1.4.12; issue 53 item 10), measured on the screens whose
 * forms and cards had failed them: the page never scrolls sideways and no label, term or link is
 * cut, at 320 px, at 640 px (a 1280 px screen zoomed to 200 %), and with the text spacing a person
 * may set themselves (line height 1.5, letters .12 em, words .16 em, paragraphs 2 em apart).
 */
const CONDITIONS = [
  { name: '320 px', viewport: { width: 320, height: 640 }, spaced: false },
  { name: '640 px (200 % zoom)', viewport: { width: 640, height: 400 }, spaced: false },
  { name: '1280 px with text spacing', viewport: { width: 1280, height: 800 }, spaced: true },
  { name: '390 px with text spacing', viewport: { width: 390, height: 844 }, spaced: true },
] as const;

/** WCAG 1.4.12's spacing, as a person's own style sheet would set it. */
const TEXT_SPACING = `*, *::before, *::after {
  line-height: 1.5 !important;
  letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }`;

interface Reflow {
  /** How far the page scrolls sideways (0 when it fits). */
  sideways: number;
  /** Labels, legends, terms and their values that hold more text than they show. */
  cut: string[];
}

/** The DOM the check reads (the e2e project compiles without the DOM library). */
interface El {
  tagName: string;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  getBoundingClientRect(): { width: number; height: number };
  closest(selector: string): El | null;
}

async function reflowOf(page: Page): Promise<Reflow> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { scrollingElement: El; querySelectorAll(s: string): ArrayLike<El> } }).document;
    const scroller = doc.scrollingElement;
    const cut: string[] = [];
    const LABELS = 'label, legend, .MuiFormLabel-root, .MuiInputLabel-root, .MuiFormHelperText-root, dt, dd, [id$="-label"]';
    for (const el of Array.from(doc.querySelectorAll(LABELS))) {
      const rect = el.getBoundingClientRect();
      const text = String(el.textContent ?? '').trim().replace(/\s+/g, ' ');
      if (rect.width === 0 || rect.height === 0 || !text || el.closest('[aria-hidden="true"]')) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
        cut.push(`<${el.tagName.toLowerCase()}> "${text.slice(0, 70)}" shows ${el.clientWidth}×${el.clientHeight} of ${el.scrollWidth}×${el.scrollHeight}`);
      }
    }
    return { sideways: scroller.scrollWidth - scroller.clientWidth, cut };
  });
}

interface Cast {
  admin: Admin;
  client: Account;
  applicant: Account;
  couponCode: string;
}

let cast: Cast;

beforeAll(async () => {
  const admin = await cliAdmin(baseUrl, dataDir, 'Ila Menon');
  const client = await createAccount(admin, 'Kavya Raghunathan-Subramaniam', 'user');
  const associate = await verifiedAssociate(admin, 'Dr. Siddharth Venkataraman');
  const applicant = await createAccount(admin, 'Arjun Balasubramanian', 'doctor');
  const now = new Date();
  await scheduleMeeting(admin, client, associate, startAfter(now, 24 * 60));
  await scheduleMeeting(admin, client, associate, startAfter(now, 3 * 24 * 60));
  // Links as long as real checkout links, with no place to break but their slashes and dashes.
  const couponCode = uniqueCouponCode('REFLOW');
  const link = (plan: string) => `https://payments.example.in/checkout/plink_${couponCode.toLowerCase()}AbCdEfGhIjKlMnOpQrStUvWxYz0123456789/${plan}`;
  const created = await admin.api.call(ops.payments.createCoupon, {
    body: {
      couponCode,
      forNewUsers: true,
      isActive: true,
      paymentLinks: {
        mentalHealthCounselling: { single: link('mental-health-single'), bundle: link('mental-health-bundle') },
        cosmetologistConsultancy: { single: link('cosmetologist-single'), bundle: link('cosmetologist-bundle') },
      },
    },
  });
  expect(created.status).toBe(201);
  cast = { admin, client, applicant, couponCode };
}, 180_000);

interface Screen {
  name: string;
  /** Kept out of a condition whose failure is another part's to fix (see the test at the end). */
  skip?: (condition: (typeof CONDITIONS)[number]) => boolean;
  path: string;
  who: () => Account;
  /** What shows once the screen has drawn its content. */
  ready: (page: Page) => Promise<void>;
  /** A state to measure as well (a form after an empty submit). */
  submitEmpty?: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'Manage Coupons',
    path: '/admin/all-coupons',
    who: () => cast.admin,
    ready: (page) => expectVisible(page.getByRole('listitem', { name: cast.couponCode })),
  },
  {
    name: 'Create Coupon',
    path: '/admin/create-coupons',
    who: () => cast.admin,
    ready: (page) => expectVisible(page.getByLabel(/^Cosmetologist Consultancy: Complete Skin Journey/)),
    submitEmpty: (page) => page.getByRole('button', { name: 'Create Coupon' }).click(),
  },
  {
    name: 'Schedule Meeting',
    path: '/admin/create-meeting',
    who: () => cast.admin,
    ready: (page) => expectVisible(page.getByRole('button', { name: 'Create Meeting' })),
    submitEmpty: (page) => page.getByRole('button', { name: 'Create Meeting' }).click(),
  },
  {
    name: 'the meetings grid',
    path: '/admin/grids/meetings',
    who: () => cast.admin,
    ready: (page) => expectVisible(page.getByText('Kavya Raghunathan-Subramaniam')),
  },
  {
    name: 'the application form',
    path: '/details',
    who: () => cast.applicant,
    ready: (page) => expectVisible(page.getByRole('button', { name: 'Submit Application' })),
    submitEmpty: (page) => page.getByRole('button', { name: 'Submit Application' }).click(),
  },
];

/** Gives toasts and transitions time to settle before a measurement (no timing is asserted). */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => {
    const raf = (globalThis as unknown as { requestAnimationFrame(callback: () => void): number }).requestAnimationFrame;
    return new Promise<void>((resolve) => raf(() => raf(resolve)));
  });
  await page.waitForTimeout(400);
}

describe('reflow and text spacing on the forms and cards (issue 53 item 10)', () => {
  for (const condition of CONDITIONS) {
    it(`at ${condition.name}: no sideways scroll and no cut label`, { timeout: 600_000 }, async () => {
      const problems: string[] = [];
      const signedIn = new Map<string, Page>();
      for (const screen of SCREENS) {
        if (screen.skip?.(condition)) continue;
        const account = screen.who();
        let page = signedIn.get(account.email);
        if (!page) {
          ({ page } = await session.newPage({ viewport: condition.viewport }));
          await signIn(page, baseUrl, account);
          signedIn.set(account.email, page);
        }
        await page.goto(`${baseUrl}${screen.path}`);
        await screen.ready(page);
        if (condition.spaced) await page.addStyleTag({ content: TEXT_SPACING });
        const states: [string, Screen['submitEmpty']][] = [['', undefined], [' after an empty submit', screen.submitEmpty]];
        for (const [state, act] of states) {
          if (state && !act) continue;
          if (act) await act(page);
          await settled(page);
          const { sideways, cut } = await reflowOf(page);
          const where = `${screen.name}${state} at ${condition.name}`;
          if (sideways > 0) problems.push(`${where}: the page scrolls ${sideways} px sideways`);
          for (const label of cut) problems.push(`${where}: ${label}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('Manage Coupons at 200 % zoom (640 px)', () => {
  it('shows the cards in one column, their links whole', { timeout: 120_000 }, async () => {
    const { page } = await session.newPage({ viewport: { width: 640, height: 400 } });
    await signIn(page, baseUrl, cast.admin);
    await page.goto(`${baseUrl}/admin/all-coupons`);
    const card = page.getByRole('listitem', { name: cast.couponCode });
    await expectVisible(card);
    const list = page.getByRole('list', { name: 'Manage Coupons' });
    const columns = await list.evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { gridTemplateColumns: string } }).getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(1);
    const box = await card.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(250);
    // Every link's text is on the page in full (within the card), none hidden past its edge.
    for (const link of await card.getByRole('link').all()) {
      const fits = await link.evaluate((el) => {
        interface Boxed {
          getBoundingClientRect(): { right: number };
          closest(selector: string): Boxed | null;
        }
        const e = el as unknown as Boxed;
        const cardBox = e.closest('li')?.getBoundingClientRect();
        return cardBox !== undefined && e.getBoundingClientRect().right <= cardBox.right + 1;
      });
      expect(fits).toBe(true);
    }
  });
});

describe('menus with headings (issue 53 item 5)', () => {
  it('Book More Sessions and the avatar menu, open, give axe nothing serious (once aria-required-children and listitem)', { timeout: 120_000 }, async () => {
    const client = await session.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(client.page, baseUrl, cast.client);
    await client.page.getByRole('button', { name: 'Book More Sessions' }).click();
    await expectVisible(client.page.getByRole('group', { name: 'Mental Health Counselling' }));
    await settled(client.page);
    expect(await seriousAxeViolations(client.page)).toEqual([]);

    const admin = await session.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(admin.page, baseUrl, cast.admin);
    await admin.page.getByRole('button', { name: 'Profile' }).click();
    await expectVisible(admin.page.getByRole('group', { name: 'Admin Tools' }));
    await settled(admin.page);
    expect(await seriousAxeViolations(admin.page)).toEqual([]);
  });
});

describe('the meetings grid with text spacing at 1280 px', () => {
  // Its page scrolled about 97 px sideways: the table's width widened react-admin's list past the
  // window. The admin grid shell (components/AdminGrid.tsx) now scrolls a wide table inside its card.
  it('does not scroll the page sideways', { timeout: 120_000 }, async () => {
    const { page } = await session.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, baseUrl, cast.admin);
    await page.goto(`${baseUrl}/admin/grids/meetings`);
    await expectVisible(page.getByText('Kavya Raghunathan-Subramaniam'));
    await page.addStyleTag({ content: TEXT_SPACING });
    await settled(page);
    const { sideways, cut } = await reflowOf(page);
    expect(cut).toEqual([]);
    expect(sideways).toBe(0);
  });
});

describe('the sidebar with text spacing at 1280 px (issue 53 item 10)', () => {
  it('shows every line of the admin sidebar whole, its groups open', { timeout: 120_000 }, async () => {
    const { page } = await session.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, baseUrl, cast.admin);
    await page.addStyleTag({ content: TEXT_SPACING });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expectVisible(nav.getByRole('menuitem', { name: 'Dashboard' }));
    for (const group of ['Verification', 'Coupons']) {
      const toggle = nav.getByRole('menuitem', { name: group, exact: true });
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    }
    await settled(page);
    const cut = await nav.evaluate((root) => {
      const r = root as unknown as { querySelectorAll(s: string): ArrayLike<El> };
      const out: string[] = [];
      for (const el of Array.from(r.querySelectorAll('[role="menuitem"], [role="menuitem"] *'))) {
        const rect = el.getBoundingClientRect();
        const text = String(el.textContent ?? '').trim().replace(/\s+/g, ' ');
        if (rect.width === 0 || rect.height === 0 || !text) continue;
        if (el.scrollWidth > el.clientWidth + 1) out.push(`<${el.tagName.toLowerCase()}> "${text.slice(0, 60)}" shows ${el.clientWidth} of ${el.scrollWidth}`);
      }
      return out;
    });
    expect(cut).toEqual([]);
  });
});
