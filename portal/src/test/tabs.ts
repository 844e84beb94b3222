import { vi } from 'vitest';
import { tabs, type Tab } from '../components/openInNewTab.ts';

/** Stands in for the tabs the portal opens; `tab` is the one a click opened. */
export function stubTabs() {
  const close = vi.fn<() => void>();
  const tab: Tab = { opener: 'portal', location: { href: '' }, close };
  const open = vi.spyOn(tabs, 'open').mockImplementation(() => tab);
  return { tab, open, close };
}
