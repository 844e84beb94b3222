import type { ComponentType } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HistoryIcon from '@mui/icons-material/History';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ScheduleIcon from '@mui/icons-material/Schedule';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { adminMenu, type AdminMenuEntry, type AdminMenuGroup } from '../admin/index.ts';

export interface MenuLink {
  to: string;
  labelKey: string;
  icon: ComponentType;
  /** Shown but not usable yet (Meeting History until the associate or admin is verified). */
  disabled?: boolean;
}

type Can = (resource: string, action: string) => boolean;

/**
 * Dashboard for everyone; Meeting History and Submit Documents for associates and admins (spec §6);
 * Privacy & my data for everyone.
 * Meeting History stays disabled until they are verified, like the dashboard's button (spec §2.6).
 */
export function mainLinks(can: Can): MenuLink[] {
  const links: MenuLink[] = [{ to: '/dashboard', labelKey: 'bh.menu.dashboard', icon: DashboardIcon }];
  if (can('meetingHistory', 'menu')) {
    links.push({ to: '/meetinghistory', labelKey: 'bh.menu.meetingHistory', icon: HistoryIcon, disabled: !can('meetingHistory', 'view') });
  }
  if (can('availability', 'edit')) {
    links.push({ to: '/availability', labelKey: 'bh.booking.availabilityTitle', icon: ScheduleIcon });
  }
  if (can('application', 'view')) {
    links.push({ to: '/details', labelKey: 'bh.menu.submitDocuments', icon: UploadFileIcon });
  }
  // Every signed-in person's privacy centre (DPDP Act 2023; issue 19).
  links.push({ to: '/privacy', labelKey: 'bh.menu.privacy', icon: PrivacyTipIcon });
  return links;
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
