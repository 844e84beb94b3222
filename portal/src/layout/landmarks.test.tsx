import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getContrastRatio } from '@mui/material/styles';
import { addUser, type MockDb } from '../mocks/db.ts';
import { renderPortal, testDb } from '../test/render.tsx';
import { setViewportWidth } from '../test/viewport.ts';
import { theme } from '../theme.ts';
import { BRAND_COLOURS } from '../brand.ts';

function accounts(db: MockDb) {
  return {
    client: addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' }),
    admin: addUser(db, { name: 'Asha Iyer', email: 'asha@example.in', role: 'admin', isVerified: 'verified' }),
    pendingAdmin: addUser(db, { name: 'Dev Menon', email: 'dev@example.in', role: 'admin', isVerified: 'pending' }),
  };
}

function dashboardAs(account: keyof ReturnType<typeof accounts>) {
  const user = userEvent.setup();
  const db = testDb();
  const people = accounts(db);
  renderPortal('/dashboard', { db, signedIn: people[account] });
  return { user };
}

/** The accessible name Tab lands on: aria-label, else the text. */
const nameOf = (el: Element | null) => (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();

/** Presses Tab from `start` until focus leaves `within`, naming each stop. */
async function tabStops(user: ReturnType<typeof userEvent.setup>, start: HTMLElement, inside: HTMLElement): Promise<string[]> {
  start.focus();
  const stops = [nameOf(start)];
  for (let i = 0; i < 40; i++) {
    await user.tab();
    const active = document.activeElement;
    if (!active || !inside.contains(active)) break;
    stops.push(nameOf(active));
  }
  return stops;
}

/** An opaque colour seen through `alpha` of black over `background` (MUI's filled fields' tint). */
function tinted(background: string, alpha: number): string {
  const channels = [1, 3, 5].map((i) => Math.round(parseInt(background.slice(i, i + 2), 16) * (1 - alpha)));
  return `rgb(${channels.join(', ')})`;
}

describe('the shell as landmarks and Tab stops (issue 53)', () => {
  it("puts the sidebar in a navigation landmark named 'Main', beside the screen's main area, not inside it", async () => {
    setViewportWidth(1280);
    dashboardAs('admin');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main-content');
    expect(nav.closest('main')).toBeNull();
    expect(main).not.toContainElement(nav);
    expect(await within(main).findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('reaches the Verification and Coupons toggles by Tab on the desktop, and a toggle opens by Enter', async () => {
    setViewportWidth(1280);
    const { user } = dashboardAs('admin');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const stops = await tabStops(user, within(nav).getByRole('menuitem', { name: 'Dashboard' }), nav);
    expect(stops).toEqual(expect.arrayContaining(['Dashboard', 'Create Accounts', 'Verification', 'Coupons', 'All Meetings']));
    expect(stops.indexOf('Verification')).toBeLessThan(stops.indexOf('Coupons'));
    const toggle = within(nav).getByRole('menuitem', { name: 'Verification' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(document.activeElement).toBe(within(nav).getByRole('menuitem', { name: 'Pending Verifications' }));
  });

  it("reaches every line of the phone's sheet by Tab, the disabled Meeting History and Logout included", async () => {
    setViewportWidth(390);
    const { user } = dashboardAs('pendingAdmin');
    await user.click(await screen.findByRole('button', { name: /open menu/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(dialog).getByRole('navigation', { name: 'Main' });
    const items = within(nav).getAllByRole('menuitem').map(nameOf);
    const stops = await tabStops(user, within(nav).getByRole('menuitem', { name: 'Dashboard' }), nav);
    expect(stops).toEqual(items);
    expect(stops).toEqual(expect.arrayContaining(['Meeting History', 'Verification', 'Coupons']));
    expect(stops.at(-1)).toBe('Logout');
    expect(within(nav).getByRole('menuitem', { name: 'Meeting History' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("shows 'Skip to content' in white on teal (≥ 4.5:1) when Tab reaches it, and it moves focus to the screen's heading", async () => {
    setViewportWidth(1280);
    const { user } = dashboardAs('client');
    const heading = await screen.findByRole('heading', { level: 1 });
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    const skip = document.activeElement as HTMLElement;
    expect(skip).toHaveTextContent('Skip to content');
    const style = getComputedStyle(skip);
    expect(getContrastRatio(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('paints errors in a red that reads at 4.5:1 on the page and on a focused filled field', () => {
    const red = theme.palette?.error;
    const main = red && 'main' in red ? red.main : undefined;
    expect(main).toBeDefined();
    const background = BRAND_COLOURS.background;
    expect(getContrastRatio(main ?? '', background)).toBeGreaterThanOrEqual(4.5);
    // MUI's filled field: 6 % black at rest, 9 % under the pointer, on the page or on a white card
    // (MUI's #d32f2f read 4.37:1 on the card's field, the audit's 4.36).
    for (const surface of [background, '#ffffff']) {
      for (const alpha of [0, 0.06, 0.09]) expect(getContrastRatio(main ?? '', tinted(surface, alpha))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
