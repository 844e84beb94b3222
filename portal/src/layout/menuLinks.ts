import type { ComponentType } from 'react';
import { adminMenu, mainScreens, type AdminMenuEntry, type AdminMenuGroup } from '../screens.ts';

export interface MenuLink {
  to: string;
  labelKey: string;
  icon: ComponentType;
  /** Shown but not usable yet (Meeting History until the associate or admin is verified). */
  disabled?: boolean;
}

type Can = (resource: string, action: string) => boolean;

/**
 * The registry's main screens that have a menu entry, in its order: each shown to those its rule lets
 * through (Meeting History and Submit Documents for associates and admins, spec §6). Meeting History
 * stays disabled until they are verified, like the dashboard's button (spec §2.6).
 */
export function mainLinks(can: Can): MenuLink[] {
  return mainScreens.flatMap(({ paths, access, menu }): MenuLink[] => {
    if (!menu) return [];
    const shownIf = menu.shownIf ?? (typeof access === 'object' ? access : undefined);
    if (shownIf && !can(shownIf.resource, shownIf.action)) return [];
    const link: MenuLink = { to: paths[0], labelKey: menu.labelKey, icon: menu.icon };
    if (menu.usableIf) link.disabled = !can(menu.usableIf.resource, menu.usableIf.action);
    return [link];
  });
}

/** One line of Admin Tools: a screen, or a submenu holding the screens of a group. */
export type AdminMenuItem =
  | { kind: 'entry'; entry: AdminMenuEntry }
  | { kind: 'group'; group: AdminMenuGroup; labelKey: string; entries: AdminMenuEntry[] };

const GROUP_LABELS: readonly { group: AdminMenuGroup; labelKey: string }[] = [
  { group: 'verification', labelKey: 'bh.menu.verification' },
  { group: 'coupons', labelKey: 'bh.menu.coupons' },
];

/**
 * Admin Tools in the registry's order, each group shown as one submenu where its first screen
 * stands: on the desktop only for verified admins, in the mobile sheet for every admin (spec §6
 * states the two rules differently; the admin routes still turn unverified admins away).
 */
export function adminSection(can: Can, surface: 'desktop' | 'sheet'): AdminMenuItem[] | null {
  if (!can('admin', surface === 'desktop' ? 'menu' : 'sheetMenu')) return null;
  const items: AdminMenuItem[] = [];
  for (const entry of adminMenu) {
    if (!entry.group) {
      items.push({ kind: 'entry', entry });
      continue;
    }
    const existing = items.find((item) => item.kind === 'group' && item.group === entry.group);
    if (existing && existing.kind === 'group') {
      existing.entries.push(entry);
    } else {
      const labelKey = GROUP_LABELS.find((g) => g.group === entry.group)?.labelKey ?? `bh.menu.${entry.group}`;
      items.push({ kind: 'group', group: entry.group, labelKey, entries: [entry] });
    }
  }
  return items;
}
