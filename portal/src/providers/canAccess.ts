import type { Role, VerificationStatus } from '@bh/shared';

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
const isVerifiedAdmin: Rule = (p) => p.role === 'admin' && p.isVerified === 'verified';
const isVerifiedStaff: Rule = (p) => isStaff(p) && p.isVerified === 'verified';
const anyone: Rule = () => true;

/**
 * The UI's rules (spec §2.1, §2.6, §6). The server enforces its own (DESIGN §5); these only decide
 * what to show, so that nobody is offered a button the server would refuse.
 */
const RULES: Record<string, Record<string, Rule>> = {
  dashboard: { view: anyone },
  meetings: {
    // Unverified associates and admins skip the meetings query altogether (spec §6).
    list: (p) => isClient(p) || isVerifiedStaff(p),
    // Admins may open a meeting's link, but only participants have their join recorded.
    join: (p) => isClient(p) || isVerifiedStaff(p),
    recordJoin: (p) => isClient(p) || isVerifiedAssociate(p),
    listPast: isVerifiedStaff,
    submitReport: isVerifiedAssociate,
    saveReport: isVerifiedStaff,
    viewReport: (p) => isClient(p) || isVerifiedStaff(p),
    viewParticipants: isVerifiedAdmin,
    viewJoinTimes: isVerifiedAdmin,
    delete: isVerifiedAdmin,
  },
  payments: { book: isClient },
  meetingHistory: {
    // Shown in the menus to associates and admins; its content needs verification.
    menu: isStaff,
    view: isVerifiedStaff,
  },
  meetingsLookup: {
    view: isStaff,
    search: isVerifiedStaff,
    viewJoinTimes: isVerifiedAdmin,
  },
  // A verified associate sets their own weekly hours (issue 18); admins edit them under Admin Tools.
  availability: { edit: isVerifiedAssociate },
  application: {
    view: isStaff,
    // A pending or verified application cannot be sent again; a rejected one can.
    submit: (p) => isStaff(p) && (p.isVerified === 'not_submitted' || p.isVerified === 'rejected'),
  },
  admin: {
    // The desktop menu shows Admin Tools to verified admins only; the mobile sheet to every admin
    // (spec §6), whose admin pages then turn unverified admins away.
    menu: isVerifiedAdmin,
    sheetMenu: (p) => p.role === 'admin',
  },
};

/** One pure rule used by menus, routes and buttons alike (and by the authProvider's canAccess). */
export function canAccess(permissions: PortalPermissions | null | undefined, request: AccessRequest): boolean {
  if (!permissions) return false;
  const { resource, action } = request;
  const rules = Object.hasOwn(RULES, resource) ? RULES[resource] : undefined;
  const rule = rules && Object.hasOwn(rules, action) ? rules[action] : undefined;
  if (rule) return rule(permissions);
  // Every other admin screen, data grid and action belongs to verified admins only.
  if (resource === 'admin' || resource.startsWith('admin/')) return isVerifiedAdmin(permissions);
  return false;
}

/** Associates and admins work only once verified; this says whether their dashboard is locked. */
export function isLocked(permissions: PortalPermissions | null | undefined): boolean {
  return !!permissions && isStaff(permissions) && permissions.isVerified !== 'verified';
}
