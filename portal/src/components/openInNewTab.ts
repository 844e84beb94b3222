import { isHttpUrl } from '@bh/shared';

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
    window.open(link, '_blank', 'noopener,noreferrer');
    return true;
  }
  const tab = window.open('', '_blank');
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
    window.open(url, '_blank', 'noopener,noreferrer');
  }
  return true;
}
