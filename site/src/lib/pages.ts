/**
 * The public pages of spec §2.1, in one list: the sitemap, the footer and the tests read it, so a
 * page added here is indexed and checked everywhere.
 */
export interface PublicPage {
  path: string;
  /** Link text where the page is listed (the footer uses the spec's labels). */
  label: string;
}

export const PUBLIC_PAGES = {
  home: { path: '/', label: 'Home' },
  services: { path: '/services', label: 'Our Services' },
  mentalHealth: { path: '/mental-health', label: 'Mental Health Counselling' },
  cosmetology: { path: '/cosmetology', label: 'Cosmetology Consultation' },
  aboutUs: { path: '/about-us', label: 'About Us' },
  financialAid: { path: '/financial-aid', label: 'Financial Aid' },
  privacyPolicy: { path: '/privacy-policy', label: 'Privacy Policy' },
  termsConditions: { path: '/terms-conditions', label: 'Terms & Conditions' },
} as const satisfies Record<string, PublicPage>;

/** The portal's sign-in screen, served on the same origin. */
export const LOGIN_PATH = '/login';

/** Absolute URL of a site path, without the trailing slash Astro's directory output would add. */
export function absoluteUrl(path: string, site: URL | string): string {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return new URL(clean, site).href;
}
