import { describe, expect, it } from 'vitest';
import { adminMenu, adminScreens, mainScreens, screens } from './screens.ts';
import { adminSection, mainLinks } from './layout/menuLinks.ts';

type Grant = readonly string[];
/** A `can` that lets through exactly the given 'resource:action' rules. */
const canOnly = (granted: Grant) => (resource: string, action: string) => granted.includes(`${resource}:${action}`);

describe('the screen registry', () => {
  it('routes every path once, the admin screens under /admin behind the admin guard', () => {
    const paths = screens.flatMap((s) => s.paths.map((p) => p.toLowerCase()));
    expect(new Set(paths).size).toBe(paths.length);
    for (const screen of adminScreens) {
      expect(screen.access).toBe('admin');
      for (const path of screen.paths) expect(path.startsWith('/admin/')).toBe(true);
    }
    for (const screen of mainScreens) expect(screen.access).not.toBe('admin');
  });

  it('builds the main menu from the registry by each entry’s rule (spec §6)', () => {
    const to = (granted: Grant) => mainLinks(canOnly(granted)).map((l) => `${l.to}${l.disabled ? ' (disabled)' : ''}`);
    expect(to([])).toEqual(['/dashboard', '/privacy']);
    expect(to(['meetingHistory:menu', 'application:view'])).toEqual(['/dashboard', '/meetinghistory (disabled)', '/details', '/privacy']);
    expect(to(['meetingHistory:menu', 'meetingHistory:view', 'availability:edit', 'application:view'])).toEqual([
      '/dashboard',
      '/meetinghistory',
      '/availability',
      '/details',
      '/privacy',
    ]);
  });

  it('builds Admin Tools from the registry’s admin screens with a menu entry, each group one submenu where its first screen stands', () => {
    expect(adminSection(canOnly([]), 'desktop')).toBeNull();
    const items = adminSection(canOnly(['admin:menu']), 'desktop') ?? [];
    expect(items.map((i) => (i.kind === 'entry' ? i.entry.path : i.group))).toEqual([
      '/admin/register',
      '/admin/create-meeting',
      'verification',
      'coupons',
      '/admin/grids/meetings',
      '/admin/grids/users',
      '/admin/grids/audit',
      '/admin/grids/emails',
      '/admin/booking-requests',
      '/admin/refunds',
      '/admin/availability',
    ]);
    expect(adminMenu.filter((e) => e.group === 'coupons').map((e) => e.path)).toEqual(['/admin/create-coupons', '/admin/all-coupons', '/admin/payment-links']);
    expect(adminSection(canOnly(['admin:sheetMenu']), 'sheet')).toEqual(items);
  });
});
