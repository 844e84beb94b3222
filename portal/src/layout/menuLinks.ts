import type { ComponentType } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HistoryIcon from '@mui/icons-material/History';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { adminMenu, type AdminMenuEntry, type AdminMenuGroup } from '../admin/index.ts';

export interface MenuLink {
  to: string;
  labelKey: string;
  icon: ComponentType;
}

type Can = (resource: string, action: string) => boolean;

/** Dashboard for everyone; Meeting History and Submit Documents for associates and admins (spec §6). */
export function mainLinks(can: Can): MenuLink[] {
  const links: MenuLink[] = [{ to: '/dashboard', labelKey: 'bh.menu.dashboard', icon: DashboardIcon }];
  if (can('meetingHistory', 'menu')) {
    links.push({ to: '/meetinghistory', labelKey: 'bh.menu.meetingHistory', icon: HistoryIcon });
  }
  if (can('application', 'view')) {
    links.push({ to: '/details', labelKey: 'bh.menu.submitDocuments', icon: UploadFileIcon });
  }
  return links;
}

export interface AdminMenuSection {
  /** Entries outside any group, then each group with its label. */
  top: AdminMenuEntry[];
  groups: { group: AdminMenuGroup; labelKey: string; entries: AdminMenuEntry[] }[];
}

const GROUPS: readonly { group: AdminMenuGroup; labelKey: string }[] = [
  { group: 'verification', labelKey: 'bh.menu.verification' },
  { group: 'coupons', labelKey: 'bh.menu.coupons' },
];

/**
 * Admin Tools: on the desktop only for verified admins, in the mobile sheet for every admin
 * (spec §6 states the two rules differently; the admin routes still turn unverified admins away).
 */
export function adminSection(can: Can, surface: 'desktop' | 'sheet'): AdminMenuSection | null {
  if (!can('admin', surface === 'desktop' ? 'menu' : 'sheetMenu')) return null;
  const groups = GROUPS.map(({ group, labelKey }) => ({
    group,
    labelKey,
    entries: adminMenu.filter((entry) => entry.group === group),
  }));
  return { top: adminMenu.filter((entry) => !entry.group), groups: groups.filter((g) => g.entries.length > 0) };
}
