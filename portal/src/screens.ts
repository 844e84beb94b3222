import { lazy, type ComponentType } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HistoryIcon from '@mui/icons-material/History';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import EventIcon from '@mui/icons-material/Event';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PaymentsIcon from '@mui/icons-material/Payments';
import EventNoteIcon from '@mui/icons-material/EventNote';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import CurrencyRupeeIcon from '@mui/icons-material/CurrencyRupee';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { AccessRequest } from './providers/canAccess.ts';
import { lazyScreen, loadDashboard } from './signedInScreens.ts';

/**
 * The one registry of the screens behind the login: each screen once, with its paths, who may open
 * it, its menu entry and its lazy component. App.tsx builds its routes from it and the layout its
 * menus (layout/menuLinks.ts), and layout/useScreenTitle.ts reads the title keys.
 *
 * Every screen is a lazy import, so each is a chunk of its own and nobody downloads a screen to
 * sign in (the portal's budget test checks both, reading the admin screens' imports from this
 * file). This file is part of the sign-in bundle, so it only holds names, icons and lazy imports.
 */

/** A rule of the shared `canAccess` (DESIGN §5). */
export interface AccessRule {
  resource: AccessRequest['resource'];
  action: string;
}

/** Who may open a screen: anyone signed in, a verified admin (the admin guard), or one access rule. */
export type ScreenAccess = 'signedIn' | 'admin' | AccessRule;

export type AdminMenuGroup = 'verification' | 'coupons';

export interface MenuEntry {
  /** i18n key of the menu label. */
  labelKey: string;
  icon: ComponentType;
  /** Shown only to those the rule lets through (by default, the screen's own access rule). */
  shownIf?: AccessRule;
  /** Shown but not usable to those this rule turns away (Meeting History until verified). */
  usableIf?: AccessRule;
  /** Admin Tools entries of a group show in that group's submenu. */
  group?: AdminMenuGroup;
}

export interface ScreenEntry {
  /** The route paths; the first is the one the menu links to. The spec's paths (§2.1) are the routes. */
  paths: readonly [string, ...string[]];
  access: ScreenAccess;
  /** i18n key of the browser title, for screens whose heading is not their name. */
  titleKey?: string;
  menu?: MenuEntry;
  Screen: ComponentType;
}

/** The screens every signed-in person's menu and routes are made of; the menu in this order (spec §6). */
export const mainScreens: readonly ScreenEntry[] = [
  {
    paths: ['/dashboard'],
    access: 'signedIn',
    titleKey: 'bh.menu.dashboard',
    menu: { labelKey: 'bh.menu.dashboard', icon: DashboardIcon },
    Screen: lazyScreen(loadDashboard, (m) => m.default),
  },
  {
    paths: ['/meetinghistory'],
    access: 'signedIn',
    menu: {
      labelKey: 'bh.menu.meetingHistory',
      icon: HistoryIcon,
      shownIf: { resource: 'meetingHistory', action: 'menu' },
      usableIf: { resource: 'meetingHistory', action: 'view' },
    },
    Screen: lazy(() => import('./meetings/MeetingHistory.tsx')),
  },
  {
    paths: ['/availability'],
    access: { resource: 'availability', action: 'edit' },
    menu: { labelKey: 'bh.booking.availabilityTitle', icon: ScheduleIcon },
    Screen: lazy(() => import('./availability/AvailabilityPage.tsx')),
  },
  {
    paths: ['/details'],
    access: { resource: 'application', action: 'view' },
    menu: { labelKey: 'bh.menu.submitDocuments', icon: UploadFileIcon },
    Screen: lazy(() => import('./applications/ApplicationPage.tsx')),
  },
  // Every signed-in person's privacy centre (DPDP Act 2023; issue 19).
  { paths: ['/privacy'], access: 'signedIn', menu: { labelKey: 'bh.menu.privacy', icon: PrivacyTipIcon }, Screen: lazy(() => import('./privacy/PrivacyPage.tsx')) },
  { paths: ['/meetings'], access: 'signedIn', Screen: lazy(() => import('./meetings/MeetingsLookup.tsx')) },
];

/**
 * The admin screens (spec §2.9–2.16), behind the admin guard ('Access denied. Admin only.' for anyone
 * but a verified admin); Admin Tools lists them in the order of spec §6, then the tools the spec does
 * not have. One line each: the budget test reads the admin screens' imports from these lines.
 */
// prettier-ignore
export const adminScreens: readonly ScreenEntry[] = [
  { paths: ['/admin/register'], access: 'admin', menu: { labelKey: 'bh.menu.createAccounts', icon: PersonAddIcon }, Screen: lazy(() => import('./accounts/CreateAccount.tsx')) },
  { paths: ['/admin/create-meeting'], access: 'admin', menu: { labelKey: 'bh.menu.scheduleMeetings', icon: EventIcon }, Screen: lazy(() => import('./meetings/ScheduleMeeting.tsx')) },
  // The list and the review of one application are one screen, as in react-admin's demo reviews.
  { paths: ['/admin/verify-documents', '/admin/verification-pending/:userId'], access: 'admin', menu: { labelKey: 'bh.menu.pendingVerifications', icon: PendingActionsIcon, group: 'verification' }, Screen: lazy(() => import('./applications/PendingVerifications.tsx')) },
  { paths: ['/admin/verified-doctors'], access: 'admin', menu: { labelKey: 'bh.menu.verifiedAssociates', icon: VerifiedUserIcon, group: 'verification' }, Screen: lazy(() => import('./associates/VerifiedAssociates.tsx')) },
  { paths: ['/admin/create-coupons'], access: 'admin', menu: { labelKey: 'bh.menu.createCoupons', icon: LocalOfferIcon, group: 'coupons' }, Screen: lazy(() => import('./coupons/CreateCoupon.tsx')) },
  { paths: ['/admin/all-coupons'], access: 'admin', menu: { labelKey: 'bh.menu.manageCoupons', icon: ListAltIcon, group: 'coupons' }, Screen: lazy(() => import('./coupons/ManageCoupons.tsx')) },
  { paths: ['/admin/payment-links'], access: 'admin', menu: { labelKey: 'bh.admin.menu.paymentLinks', icon: PaymentsIcon, group: 'coupons' }, Screen: lazy(() => import('./payment-links/DefaultPaymentLinks.tsx')) },
  { paths: ['/admin/grids/meetings'], access: 'admin', menu: { labelKey: 'bh.admin.menu.meetingsGrid', icon: EventNoteIcon }, Screen: lazy(() => import('./meetings/MeetingsGrid.tsx')) },
  { paths: ['/admin/grids/users'], access: 'admin', menu: { labelKey: 'bh.admin.menu.usersGrid', icon: PeopleIcon }, Screen: lazy(() => import('./accounts/UsersGrid.tsx')) },
  { paths: ['/admin/grids/audit'], access: 'admin', menu: { labelKey: 'bh.admin.menu.auditGrid', icon: ReceiptLongIcon }, Screen: lazy(() => import('./audit/AuditGrid.tsx')) },
  { paths: ['/admin/grids/emails'], access: 'admin', menu: { labelKey: 'bh.admin.menu.emailsGrid', icon: MailOutlineIcon }, Screen: lazy(() => import('./emails/EmailsGrid.tsx')) },
  { paths: ['/admin/booking-requests'], access: 'admin', menu: { labelKey: 'bh.booking.requestsTitle', icon: EventRepeatIcon }, Screen: lazy(() => import('./meetings/RequestsQueue.tsx')) },
  { paths: ['/admin/refunds'], access: 'admin', menu: { labelKey: 'bh.booking.refundsTitle', icon: CurrencyRupeeIcon }, Screen: lazy(() => import('./meetings/RefundsList.tsx')) },
  { paths: ['/admin/availability'], access: 'admin', menu: { labelKey: 'bh.booking.availabilityTitle', icon: ScheduleIcon }, Screen: lazy(() => import('./availability/AvailabilityPage.tsx')) },
  { paths: ['/admin/Verified-doc-details/:userId'], access: 'admin', Screen: lazy(() => import('./associates/AssociateDetails.tsx')) },
];

/** One Admin Tools line: where it links, its label and icon, and its submenu if any. */
export interface AdminMenuEntry {
  path: string;
  labelKey: string;
  icon: ComponentType;
  group?: AdminMenuGroup;
}

/** Admin Tools, in the registry's order. */
export const adminMenu: readonly AdminMenuEntry[] = adminScreens.flatMap(({ paths, menu }) =>
  menu ? [{ path: paths[0], labelKey: menu.labelKey, icon: menu.icon, ...(menu.group ? { group: menu.group } : {}) }] : [],
);

/** Every screen, for the routes. */
export const screens: readonly ScreenEntry[] = [...mainScreens, ...adminScreens];
