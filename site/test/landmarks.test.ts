import { describe, expect, it } from 'vitest';
import { builtPages, type BuiltPage } from './dist.ts';

const pages = builtPages();

/** A landmark's name as aria-label or aria-labelledby give it (the two ways the site names them). */
function nameOf(el: Element, d: Document): string {
  const label = el.getAttribute('aria-label')?.trim();
  if (label) return label;
  const ids = (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => d.getElementById(id)?.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('navigation landmarks (issue 53)', () => {
  it.each(pages.map((p) => [p.path, p] as [string, BuiltPage]))('%s names each nav, no two alike', (_path, page) => {
    const d = new DOMParser().parseFromString(page.html, 'text/html');
    const names = [...d.querySelectorAll('nav, [role="navigation"]')].map((nav) => nameOf(nav, d));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !name)).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  it("names the footer's two link lists and the policy pages' index", () => {
    const policies = pages.filter((p) => p.html.includes('policy__index'));
    expect(policies.length).toBeGreaterThanOrEqual(2);
    for (const page of policies) {
      const d = new DOMParser().parseFromString(page.html, 'text/html');
      const index = d.querySelector('nav.policy__index');
      expect(index && nameOf(index, d)).toBe('On this page');
      const footer = [...d.querySelectorAll('footer nav')].map((nav) => nameOf(nav, d));
      expect(footer).toEqual(['Explore', 'Help & Policies']);
    }
  });
});
