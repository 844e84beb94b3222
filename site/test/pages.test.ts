import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS as CONTACT } from '../src/config.ts';
import { PAYMENT_MESSAGES } from '@bh/shared/messages/payments';
import { builtPages, DIST, type BuiltPage } from './dist.ts';
import { PAYMENT_PAGES } from '../src/lib/payment.ts';
import { LOGIN_PATH, PUBLIC_PAGES } from '../src/lib/pages.ts';

const pages = builtPages();
const byPath = new Map(pages.map((page) => [page.path, page]));
const parsed = new Map<string, Document>();

function doc(path: string): Document {
  const page = byPath.get(path);
  if (!page) throw new Error(`no built page at ${path}`);
  let document = parsed.get(path);
  if (!document) {
    document = new DOMParser().parseFromString(page.html, 'text/html');
    parsed.set(path, document);
  }
  return document;
}

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const meta = (d: Document, selector: string) => d.querySelector(selector)?.getAttribute('content') ?? '';
const all = (d: Document | Element, selector: string) => [...d.querySelectorAll(selector)];
const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

/** Pages search engines should list: everything but payment and error pages. */
const indexable: string[] = Object.values(PUBLIC_PAGES).map((p) => p.path);

describe('every page', () => {
  it.each(pages.map((p) => [p.path, p] as [string, BuiltPage]))('%s has its metadata, landmarks and one h1', (path) => {
    const d = doc(path);
    expect(d.documentElement.lang).toBe('en-IN');
    expect(d.title).toMatch(/^(Better Health|.+ \| Better Health)$/);
    const description = meta(d, 'meta[name="description"]');
    expect(description.length).toBeGreaterThanOrEqual(50);
    expect(description.length).toBeLessThanOrEqual(170);
    const canonical = d.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '';
    expect(canonical).toBe(new URL(path, CONTACT.siteOrigin).href);
    expect(meta(d, 'meta[property="og:url"]')).toBe(canonical);
    expect(meta(d, 'meta[property="og:title"]')).toBe(d.title);
    expect(meta(d, 'meta[property="og:description"]')).toBe(description);
    expect(meta(d, 'meta[property="og:image"]')).toBe(new URL('/og-image.png', CONTACT.siteOrigin).href);
    expect(meta(d, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    for (const key of ['title', 'description', 'image']) {
      expect(meta(d, `meta[name="twitter:${key}"]`)).toBe(meta(d, `meta[property="og:${key}"]`));
    }
    expect(d.querySelector('meta[name="robots"]') !== null).toBe(!indexable.includes(path));

    expect(all(d, 'h1')).toHaveLength(1);
    expect(d.querySelector('body > header')).not.toBeNull();
    expect(d.querySelector('main#main')).not.toBeNull();
    expect(d.querySelector('body > footer')).not.toBeNull();
    expect(d.querySelector('a.skip-link')?.getAttribute('href')).toBe('#main');

    const ids = all(d, '[id]').map((el) => el.id);
    expect(ids.length).toBe(new Set(ids).size);
    for (const input of all(d, 'input:not([type="radio"])')) {
      expect(d.querySelector(`label[for="${input.id}"]`), `label for ${input.id}`).not.toBeNull();
    }
    for (const link of all(d, 'a[target="_blank"]')) {
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(text(link)).toContain('(opens in a new tab)');
    }
  });

  it('has the header: Home, Services, Login and Request a Call Back', () => {
    for (const page of pages) {
      const nav = doc(page.path).querySelector('header nav[aria-label="Main"]');
      const links = all(nav ?? doc(page.path), 'a').map((a) => [text(a), a.getAttribute('href')]);
      expect(links, page.path).toEqual([
        ['Home', page.path === '/' ? '#top' : '/'],
        ['Services', PUBLIC_PAGES.services.path],
        ['Login', LOGIN_PATH],
        ['Request a Call Back (opens in a new tab)', CONTACT.callBackUrl],
      ]);
      expect(doc(page.path).querySelector('header button[commandfor="site-drawer"][command="show-modal"]'), page.path).not.toBeNull();
      expect(doc(page.path).querySelector('dialog#site-drawer a[href="/login"]'), page.path).not.toBeNull();
    }
  });

  it('has the footer: Explore, Help & Policies, contacts, social links and the 2025 copyright', () => {
    for (const page of pages) {
      const footer = doc(page.path).querySelector('body > footer');
      if (!footer) throw new Error(`no footer on ${page.path}`);
      const section = (title: string) => {
        const heading = all(footer, 'h2').find((h) => text(h) === title);
        return all(heading?.closest('nav') ?? footer, 'a').map((a) => text(a));
      };
      expect(section('Explore')).toEqual(['Home', 'About Us', 'Our Services', 'Mental Health Counselling', 'Cosmetology Consultation']);
      expect(section('Help & Policies')).toEqual(['Financial Aid', 'Privacy Policy', 'Terms & Conditions']);
      const hrefs = all(footer, 'a').map((a) => a.getAttribute('href'));
      for (const href of [`tel:${CONTACT.phone}`, CONTACT.whatsappUrl, `mailto:${CONTACT.email}`, CONTACT.instagramUrl, CONTACT.linkedinUrl]) {
        expect(hrefs, page.path).toContain(href);
      }
      expect(text(footer)).toContain('© 2025 Better Health');
      expect(text(footer)).toContain('Because you deserve Better Health');
    }
  });

  it('links only to pages and anchors that exist', () => {
    const portalRoutes = [LOGIN_PATH];
    for (const page of pages) {
      for (const link of all(doc(page.path), 'a[href]')) {
        const href = link.getAttribute('href') ?? '';
        if (/^(https?:|mailto:|tel:)/.test(href)) continue;
        const [path = '', fragment] = href.split('#');
        const target = path === '' ? page.path : path;
        if (portalRoutes.includes(target)) continue;
        expect(byPath.has(target), `${page.path} → ${href}`).toBe(true);
        if (fragment && fragment !== 'top') {
          expect(doc(target).getElementById(fragment), `${page.path} → ${href}`).not.toBeNull();
        }
      }
    }
  });

  it('allows every inline script and style through the page’s own Content-Security-Policy', () => {
    for (const page of pages) {
      const d = doc(page.path);
      const policy = meta(d, 'meta[http-equiv="content-security-policy"]');
      const directive = (name: string) => policy.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';
      expect(directive('script-src'), page.path).not.toContain('unsafe-inline');
      for (const script of all(d, 'script:not([src])')) expect(directive('script-src'), page.path).toContain(sha256(script.textContent ?? ''));
      for (const style of all(d, 'style')) expect(directive('style-src'), page.path).toContain(sha256(style.textContent ?? ''));
      // Hash-listed styles do not cover style attributes, so none may be used.
      expect(page.html, page.path).not.toMatch(/\sstyle="/);
    }
  });
});

describe('home', () => {
  it('has the hero whose Get Started scrolls to the two services, and four Why Choose Us tiles', () => {
    const d = doc('/');
    expect(text(d.querySelector('h1'))).toBe('Because you deserve Better Health');
    const getStarted = all(d, 'main a').find((a) => text(a) === 'Get Started');
    expect(getStarted?.getAttribute('href')).toBe('#services');
    const services = d.getElementById('services');
    expect(all(services ?? d, 'article h3').map(text)).toEqual(['Mental Health Counselling', 'Cosmetology Consultation']);
    const why = all(d, 'h2').find((h) => text(h) === 'Why Choose Us');
    expect(all(why?.closest('section') ?? d, 'li h3')).toHaveLength(4);
  });
});

describe('service pages', () => {
  it('lists two service blocks with Book an Appointment buttons on /services', () => {
    const d = doc('/services');
    const blocks = all(d, 'main section.service-block');
    expect(blocks.map((b) => text(b.querySelector('h2')))).toEqual(['Mental Health Counselling', 'Cosmetology Consultation']);
    for (const block of blocks) {
      expect(all(block, 'ul li').length).toBeGreaterThanOrEqual(3);
      expect(all(block, 'a').some((a) => text(a).startsWith('Book an Appointment'))).toBe(true);
    }
  });

  it.each([
    ['/mental-health', 'mental-Health-Counselling', '₹1,250', '₹3,750', '₹3,000', '₹750'],
    ['/cosmetology', 'cosmetologist-consultancy', '₹250', '₹750', '₹500', '₹250'],
  ])('%s has 3 steps, both plans with the struck-through price and Best Value, and 4 FAQs', (path, slug, single, was, now, saving) => {
    const d = doc(path);
    const steps = all(d, 'ol.steps > li');
    expect(steps).toHaveLength(3);
    const plans = all(d, '#plans article');
    expect(plans).toHaveLength(2);
    const [singlePlan, bundlePlan] = plans;
    expect(text(singlePlan)).toContain(single);
    expect(singlePlan?.querySelector('s')).toBeNull();
    expect(text(bundlePlan?.querySelector('s'))).toContain(was);
    expect(text(bundlePlan)).toContain(now);
    expect(text(bundlePlan)).toContain('Best Value');
    expect(text(bundlePlan)).toContain(`You save ${saving} compared with single sessions`);
    expect(text(singlePlan)).not.toContain('Best Value');
    expect(plans.map((p) => p.querySelector('a.button')?.getAttribute('href'))).toEqual([
      `/make-payment/${slug}/single`,
      `/make-payment/${slug}/bundle`,
    ]);
    const island = d.querySelector('astro-island[client="visible"]');
    expect(all(island ?? d, '.faq__slide')).toHaveLength(4);
    expect(all(island ?? d, '.faq__slide[hidden]')).toHaveLength(3);
    expect(all(island ?? d, 'button.faq__dot')).toHaveLength(4);
  });
});

describe('about and financial aid', () => {
  it('gives the mission, the vision, 8 values and Explore Our Services', () => {
    const d = doc('/about-us');
    const headings = all(d, 'h2').map(text);
    expect(headings).toEqual(expect.arrayContaining(['Our mission', 'Our vision', 'Our values']));
    expect(all(d, 'ul.values > li')).toHaveLength(8);
    expect(all(d, 'a').find((a) => text(a) === 'Explore Our Services')?.getAttribute('href')).toBe('/services');
  });

  it('states the programme’s figures, its 3 steps and links Apply Now to the form', () => {
    const d = doc('/financial-aid');
    const stats = all(d, 'dl.stats > div').map(text);
    expect(stats).toEqual([
      expect.stringContaining('95%'),
      expect.stringContaining('70%'),
      expect.stringContaining('24 hours'),
    ]);
    expect(all(d, 'ol.steps > li')).toHaveLength(3);
    const apply = all(d, 'a').filter((a) => text(a).startsWith('Apply Now'));
    expect(apply.length).toBeGreaterThan(0);
    for (const a of apply) expect(a.getAttribute('href')).toBe(CONTACT.financialAidFormUrl);
  });
});

describe('policy pages', () => {
  // The privacy policy also names the grievance officer (DPDP s. 13), between the sections and the contact.
  it.each([
    ['/privacy-policy', ['Grievance officer']],
    ['/terms-conditions', []],
  ])('%s has 15 numbered sections, then %j, a contact section, an index and jump buttons', (path, extra) => {
    const d = doc(path);
    const sections = all(d, 'section.policy__section');
    expect(sections).toHaveLength(16 + extra.length);
    sections.slice(0, 15).forEach((section, i) => expect(text(section.querySelector('h2'))).toMatch(new RegExp(`^${i + 1}\\. \\S`)));
    expect(sections.slice(15, 15 + extra.length).map((section) => text(section.querySelector('h2')))).toEqual(extra);
    const contact = sections[15 + extra.length];
    expect(text(contact?.querySelector('h2'))).toBe('Contact Us');
    expect(all(contact ?? d, 'a').map((a) => a.getAttribute('href'))).toEqual(
      expect.arrayContaining([`tel:${CONTACT.phone}`, `mailto:${CONTACT.email}`]),
    );
    const index = all(d, 'nav.policy__index a').map((a) => a.getAttribute('href'));
    expect(index).toEqual(sections.map((s) => `#${s.id}`));
    const jumps = all(d, 'nav.jump a').map((a) => [text(a), a.getAttribute('href')]);
    expect(jumps).toEqual([
      ['Go to top', '#top'],
      ['Go to bottom', '#page-end'],
    ]);
  });

  it('dates the terms July 23, 2025', () => {
    expect(text(doc('/terms-conditions').querySelector('.policy-hero__updated'))).toBe('Last updated July 23, 2025');
  });

  it('states the spec’s rules in the terms and the privacy policy', () => {
    const terms = text(doc('/terms-conditions').querySelector('main'));
    for (const fact of ['24 hours or more before the start time, a full refund', 'between 12 and 24 hours before the start time, a refund of 50%', 'less than 12 hours before the start time, or a missed session, no refund', 'technical failure', 'free of charge up to 24 hours before', '18 or older', 'parent or legal guardian', 'within one year', "30 days' notice"]) {
      expect(terms).toContain(fact);
    }
    expect(text(doc('/privacy-policy').querySelector('main'))).toContain('children under 13');
  });
});

describe('payment pages', () => {
  it.each(PAYMENT_PAGES.map((p) => [p.path, p] as const))('%s names the service and plan and holds the form', (path, { service, plan }) => {
    const d = doc(path);
    const expected = service.key === 'mentalHealthCounselling' ? 'Payment for Mental Health Counselling' : 'Payment for Cosmetologist Consultancy';
    expect(text(d.querySelector('h1'))).toBe(expected);
    expect(text(d.querySelector('.pay-page__badge'))).toBe(plan.name);
    const island = d.querySelector('astro-island[client="load"]');
    expect(text(island)).toContain('New User');
    expect(text(island)).toContain('Existing User');
    const proceed = all(island ?? d, 'button').find((b) => text(b) === 'Proceed to Payment');
    expect(proceed?.hasAttribute('disabled')).toBe(true);
    expect(text(island)).toContain(PAYMENT_MESSAGES.newUserWarning);
  });

  it('explains an unknown service or plan and links to the four payment pages', () => {
    const d = doc('/make-payment');
    expect(text(d.querySelector('h1'))).toBe(PAYMENT_MESSAGES.unknownServiceOrPlan);
    expect(all(d, 'main a[href^="/make-payment/"]').map((a) => a.getAttribute('href'))).toEqual(PAYMENT_PAGES.map((p) => p.path));
  });

  it('has a not-found page', () => {
    expect(text(doc('/404').querySelector('h1'))).toBe('Page not found');
  });
});

describe('sitemap and robots', () => {
  it('lists every indexable page in sitemap.xml and points robots.txt at it', () => {
    const sitemap = readFileSync(join(DIST, 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(indexable.map((path) => new URL(path, CONTACT.siteOrigin).href));
    const robots = readFileSync(join(DIST, 'robots.txt'), 'utf8');
    expect(robots).toContain(`Sitemap: ${new URL('/sitemap.xml', CONTACT.siteOrigin).href}`);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
  });
});
