import { isHttpUrl } from '@bh/shared';

/** What the portal does with a tab it opened: point it somewhere, cut it loose, or close it. */
export interface Tab {
  opener: unknown;
  location: { href: string };
  close(): void;
}

/** The browser's window.open, behind an object so tests can stand in a tab of their own. */
export const tabs = {
  open(url: string, target: string, features?: string): Tab | null {
    return window.open(url, target, features);
  },
};

/**
 * Opens a link in a new tab without giving that page a handle on the portal.
 *
 * When the link is only known after a request (a payment link, a join that is recorded first),
 * the tab is opened at once, inside the click, and pointed at the link when it arrives: browsers
 * block a tab opened after an await. It is closed again if no usable link comes back.
 * Only http(s) links are ever opened.
 */
export async function openInNewTab(link: string | Promise<string | null>): Promise<boolean> {
  if (typeof link === 'string') {
    if (!isHttpUrl(link)) return false;
    tabs.open(link, '_blank', 'noopener,noreferrer');
    return true;
  }
  const tab = tabs.open('', '_blank');
  let url: string | null;
  try {
    url = await link;
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (!url || !isHttpUrl(url)) {
    tab?.close();
    return false;
  }
  if (tab) {
    tab.opener = null;
    tab.location.href = url;
  } else {
    tabs.open(url, '_blank', 'noopener,noreferrer');
  }
  return true;
}
