import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
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

export { adminMessages } from './messages.ts';

/**
 * The one place admin screens (spec §2.9–2.16) plug into the portal. The app shell reads this file
 * for the Admin Tools menu and registers every screen as a route under /admin, behind the admin
 * guard ('Access denied. Admin only.' for anyone but a verified admin).
 *
 * Each screen is a lazy import so it becomes its own chunk: nobody downloads admin code to sign in
 * (the portal's budget test checks both). This file is part of the sign-in bundle, so it only
 * holds names, icons and the lazy imports.
 */

export type AdminMenuGroup = 'verification' | 'coupons';

export interface AdminMenuEntry {
  /** Path of the screen, under /admin. */
  path: `/admin/${string}`;
  /** i18n key of the menu label. */
  labelKey: string;
  icon: ComponentType;
  /** Entries of a group show in that group's submenu. */
  group?: AdminMenuGroup;
}

export interface AdminScreen {
  /** Route path, under /admin; may hold parameters such as `/admin/verification-pending/:userId`. */
  path: `/admin/${string}`;
  component: LazyExoticComponent<ComponentType>;
}

/** Admin Tools, in the order of spec §6, then the tools the spec does not have. */
export const adminMenu: readonly AdminMenuEntry[] = [
  { path: '/admin/register', labelKey: 'bh.menu.createAccounts', icon: PersonAddIcon },
  { path: '/admin/create-meeting', labelKey: 'bh.menu.scheduleMeetings', icon: EventIcon },
  { path: '/admin/verify-documents', labelKey: 'bh.menu.pendingVerifications', icon: PendingActionsIcon, group: 'verification' },
  { path: '/admin/verified-doctors', labelKey: 'bh.menu.verifiedAssociates', icon: VerifiedUserIcon, group: 'verification' },
  { path: '/admin/create-coupons', labelKey: 'bh.menu.createCoupons', icon: LocalOfferIcon, group: 'coupons' },
  { path: '/admin/all-coupons', labelKey: 'bh.menu.manageCoupons', icon: ListAltIcon, group: 'coupons' },
  { path: '/admin/payment-links', labelKey: 'bh.admin.menu.paymentLinks', icon: PaymentsIcon, group: 'coupons' },
  { path: '/admin/grids/meetings', labelKey: 'bh.admin.menu.meetingsGrid', icon: EventNoteIcon },
  { path: '/admin/grids/users', labelKey: 'bh.admin.menu.usersGrid', icon: PeopleIcon },
  { path: '/admin/grids/audit', labelKey: 'bh.admin.menu.auditGrid', icon: ReceiptLongIcon },
  { path: '/admin/grids/emails', labelKey: 'bh.admin.menu.emailsGrid', icon: MailOutlineIcon },
  { path: '/admin/booking-requests', labelKey: 'bh.booking.requestsTitle', icon: EventRepeatIcon },
  { path: '/admin/refunds', labelKey: 'bh.booking.refundsTitle', icon: CurrencyRupeeIcon },
  { path: '/admin/availability', labelKey: 'bh.booking.availabilityTitle', icon: ScheduleIcon },
];

// The list and the review of one application are one screen, as in react-admin's demo reviews:
// the review opens beside the list, so both paths share the chunk.
const PendingVerifications = lazy(() => import('../applications/PendingVerifications.tsx'));

/** The admin screens; the spec's paths (§2.1) are the routes themselves. */
export const adminScreens: readonly AdminScreen[] = [
  { path: '/admin/register', component: lazy(() => import('../accounts/CreateAccount.tsx')) },
  { path: '/admin/create-meeting', component: lazy(() => import('../meetings/ScheduleMeeting.tsx')) },
  { path: '/admin/verify-documents', component: PendingVerifications },
  { path: '/admin/verification-pending/:userId', component: PendingVerifications },
  { path: '/admin/verified-doctors', component: lazy(() => import('../associates/VerifiedAssociates.tsx')) },
  { path: '/admin/Verified-doc-details/:userId', component: lazy(() => import('../associates/AssociateDetails.tsx')) },
  { path: '/admin/create-coupons', component: lazy(() => import('../coupons/CreateCoupon.tsx')) },
  { path: '/admin/all-coupons', component: lazy(() => import('../coupons/ManageCoupons.tsx')) },
  { path: '/admin/payment-links', component: lazy(() => import('../payment-links/DefaultPaymentLinks.tsx')) },
  { path: '/admin/grids/meetings', component: lazy(() => import('../meetings/MeetingsGrid.tsx')) },
  { path: '/admin/grids/users', component: lazy(() => import('../accounts/UsersGrid.tsx')) },
  { path: '/admin/grids/audit', component: lazy(() => import('../audit/AuditGrid.tsx')) },
  { path: '/admin/grids/emails', component: lazy(() => import('../emails/EmailsGrid.tsx')) },
  { path: '/admin/booking-requests', component: lazy(() => import('../meetings/RequestsQueue.tsx')) },
  { path: '/admin/refunds', component: lazy(() => import('../meetings/RefundsList.tsx')) },
  { path: '/admin/availability', component: lazy(() => import('../availability/AvailabilityPage.tsx')) },
];
