import type { Role, VerificationStatus } from '@bh/shared';
// Straight from the table's module: the contract's index would bring every operation into the sign-in page (issue 20).
import { mayCall, type AccessRule } from '@bh/shared/contract/access';

/** What the portal knows about the signed-in user to decide what they may see and do. */
export interface PortalPermissions {
  role: Role;
  isVerified: VerificationStatus;
}

/**
 * The portal's areas. Admin screens and the admin data-grid resources are named `admin` or
 * `admin/<screen>`; they all follow the same rule.
 */
export type PortalResource =
  | 'dashboard'
  | 'meetings'
  | 'payments'
  | 'meetingHistory'
  | 'meetingsLookup'
  | 'application'
  | 'admin'
  | `admin/${string}`;

export interface AccessRequest {
  resource: PortalResource | string;
  action: string;
}

type Rule = (p: PortalPermissions) => boolean;

const isClient: Rule = (p) => p.role === 'user';
const isStaff: Rule = (p) => p.role === 'doctor' || p.role === 'admin';
const isVerifiedAssociate: Rule = (p) => p.role === 'doctor' && p.isVerified === 'verified';
const isVerifiedStaff: Rule = (p) => isStaff(p) && p.isVerified === 'verified';
const anyone: Rule = () => true;

/** A rule that mirrors an API call: whatever DESIGN §5's table (`ACCESS`) says the server lets through. */
const call =
  (rule: AccessRule): Rule =>
  (p) =>
    mayCall(rule, p);

/**
 * The UI's rules that stand for an API call, as `resource.action` → the call's row of the shared
 * access table. They read the same table as the API's guard, so the portal never offers what the
 * server would refuse.
 */
export const CALL_RULES = {
  'meetings.list': 'meetingsRead',
  // Admins may open a meeting's link, but only participants have their join recorded.
  'meetings.join': 'meetingsRead',
  'meetings.recordJoin': 'meetingJoin',
  'meetings.saveReport': 'meetingReport',
  'meetings.viewReport': 'meetingsRead',
  'meetings.delete': 'verifiedAdmin',
  'meetings.viewParticipants': 'verifiedAdmin',
  'meetings.viewJoinTimes': 'verifiedAdmin',
  'meetingsLookup.search': 'meetingLookup',
  'meetingsLookup.viewJoinTimes': 'verifiedAdmin',
  'application.view': 'applicationOwn',
  'admin.menu': 'verifiedAdmin',
} as const satisfies Record<string, AccessRule>;

/** Every admin screen, data grid and action not named below is an admin tool (DESIGN §5's admin row). */
const ADMIN_TOOLS: AccessRule = 'verifiedAdmin';

/**
 * The UI-only rules (spec §2.1, §2.6, §6): menus and buttons that are not themselves a call. The
 * server enforces its own rules; these only decide what to show.
 */
const UI_RULES: Record<string, Record<string, Rule>> = {
  dashboard: { view: anyone },
  meetings: {
    // Past meetings and the report form are the associates' and admins' side of the list.
    listPast: (p) => isVerifiedStaff(p) && mayCall('meetingsRead', p),
    submitReport: (p) => isVerifiedAssociate(p) && mayCall('meetingReport', p),
  },
  payments: { book: isClient },
  meetingHistory: {
    // Shown in the menus to associates and admins; its content needs verification.
    menu: isStaff,
    view: (p) => isStaff(p) && mayCall('meetingsRead', p),
  },
  meetingsLookup: { view: isStaff },
  // A verified associate sets their own weekly hours (issue 18); admins edit them under Admin Tools.
  availability: { edit: isVerifiedAssociate },
  application: {
    // The table lets unverified associates and admins through; a pending application is then
    // refused (409), as a verified one is, so only before or after a rejection.
    submit: (p) => mayCall('applicationSubmit', p) && (p.isVerified === 'not_submitted' || p.isVerified === 'rejected'),
  },
  admin: {
    // The desktop menu shows Admin Tools to verified admins only (a call rule); the mobile sheet
    // to every admin (spec §6), whose admin pages then turn unverified admins away.
    sheetMenu: (p) => p.role === 'admin',
  },
};

function ruleFor(resource: string, action: string): Rule | undefined {
  const key = `${resource}.${action}`;
  if (Object.hasOwn(CALL_RULES, key)) return call(CALL_RULES[key as keyof typeof CALL_RULES]);
  const rules = Object.hasOwn(UI_RULES, resource) ? UI_RULES[resource] : undefined;
  return rules && Object.hasOwn(rules, action) ? rules[action] : undefined;
}

/** One pure rule used by menus, routes and buttons alike (and by the authProvider's canAccess). */
export function canAccess(permissions: PortalPermissions | null | undefined, request: AccessRequest): boolean {
  if (!permissions) return false;
  const { resource, action } = request;
  const rule = ruleFor(resource, action);
  if (rule) return rule(permissions);
  if (resource === 'admin' || resource.startsWith('admin/')) return mayCall(ADMIN_TOOLS, permissions);
  return false;
}

/** Associates and admins work only once verified; this says whether their dashboard is locked. */
export function isLocked(permissions: PortalPermissions | null | undefined): boolean {
  return !!permissions && isStaff(permissions) && permissions.isVerified !== 'verified';
}
