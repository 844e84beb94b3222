import { AUTH_MESSAGES, REGISTRATION_MESSAGES } from '../messages/index.ts';
import type { Role, VerificationStatus } from '../schemas/index.ts';

/**
 * DESIGN §5 ("who may call what") kept as data: one row per kind of call, one cell per kind of
 * caller. The API's one guard, the portal's `canAccess` and the mocks all read this table; the
 * access-matrix test walks it against the running API.
 */
export const PRINCIPALS = ['anon', 'user', 'doctorUnverified', 'doctorVerified', 'adminUnverified', 'adminVerified'] as const;
export type Principal = (typeof PRINCIPALS)[number];

/**
 * - `yes`: the guard lets the caller through.
 * - `own`: through the guard; the service then limits the call to the caller's own records.
 * - `conflict`: through the guard; the service answers 409 for the caller's current state
 *   (e.g. an application that is already verified).
 * - `no`: refused by the guard, 401 without a session and 403 with one.
 */
export type Cell = 'yes' | 'own' | 'conflict' | 'no';

export interface AccessRow {
  /** DESIGN §5's words for the call. */
  readonly label: string;
  readonly cells: Readonly<Record<Principal, Cell>>;
  /** The 403 message (the spec's admin-only text for admin tools). */
  readonly forbidden: string;
}

type Cells = Readonly<Record<Principal, Cell>>;

const row = (label: string, cells: Cells, forbidden: string = AUTH_MESSAGES.forbidden): AccessRow => ({ label, cells, forbidden });

const ANYONE: Cells = { anon: 'yes', user: 'yes', doctorUnverified: 'yes', doctorVerified: 'yes', adminUnverified: 'yes', adminVerified: 'yes' };
const SIGNED_IN: Cells = { ...ANYONE, anon: 'no' };
const VERIFIED_ADMIN: Cells = { anon: 'no', user: 'no', doctorUnverified: 'no', doctorVerified: 'no', adminUnverified: 'no', adminVerified: 'yes' };

export const ACCESS = {
  public: row('Anyone.', ANYONE),
  signedIn: row('Any signed-in account.', SIGNED_IN),
  verifiedAdmin: row('Verified admins.', VERIFIED_ADMIN, AUTH_MESSAGES.adminOnly),
  meetingsRead: row('Clients (their own), verified BH Associates (their own clients), verified admins (all).', {
    ...VERIFIED_ADMIN,
    user: 'own',
    doctorVerified: 'own',
  }),
  meetingJoin: row('Clients and verified BH Associates, for their own meetings.', { ...VERIFIED_ADMIN, user: 'own', doctorVerified: 'own', adminVerified: 'no' }),
  meetingLookup: row('Verified BH Associates (their own clients only) and verified admins.', { ...VERIFIED_ADMIN, doctorVerified: 'own' }),
  meetingReport: row('Verified BH Associates (their own meetings) and verified admins.', { ...VERIFIED_ADMIN, doctorVerified: 'own' }),
  meetingCalendar: row('The meeting\'s client and BH Associate, and verified admins.', { ...VERIFIED_ADMIN, user: 'own', doctorVerified: 'own' }),
  meetingChange: row('Clients for their own meetings (the booking policy decides what they may do) and verified admins for any; BH Associates ask an admin instead.', {
    ...VERIFIED_ADMIN,
    user: 'own',
  }),
  meetingRequest: row('Clients and verified BH Associates, for their own meetings.', { ...VERIFIED_ADMIN, user: 'own', doctorVerified: 'own', adminVerified: 'no' }),
  meetingAttendance: row('Verified BH Associates for their own meetings, verified admins for any.', { ...VERIFIED_ADMIN, doctorVerified: 'own' }),
  bookingSlots: row("Clients (their own BH Associates), verified BH Associates (themselves), verified admins (any).", { ...VERIFIED_ADMIN, user: 'own', doctorVerified: 'own' }),
  availability: row('Verified BH Associates (their own hours) and verified admins (any).', { ...VERIFIED_ADMIN, doctorVerified: 'own' }),
  applicationSubmit: row(
    'BH Associates and admins, unless their application is pending or verified (409).',
    { anon: 'no', user: 'no', doctorUnverified: 'yes', doctorVerified: 'conflict', adminUnverified: 'yes', adminVerified: 'conflict' },
    REGISTRATION_MESSAGES.onlyAssociatesApply,
  ),
  applicationOwn: row(
    'BH Associates and admins, their own application.',
    { anon: 'no', user: 'no', doctorUnverified: 'own', doctorVerified: 'own', adminUnverified: 'own', adminVerified: 'own' },
    REGISTRATION_MESSAGES.onlyAssociatesApply,
  ),
  uploadCreate: row('BH Associates and admins, verified or not (for their own application).', { ...SIGNED_IN, user: 'no' }),
  uploadRead: row("The file's owner; verified admins read every file.", { ...SIGNED_IN, user: 'no', doctorUnverified: 'own', doctorVerified: 'own', adminUnverified: 'own' }),
  privacyOwn: row('Any signed-in account, for their own data only.', {
    anon: 'no',
    user: 'own',
    doctorUnverified: 'own',
    doctorVerified: 'own',
    adminUnverified: 'own',
    adminVerified: 'own',
  }),
} as const satisfies Record<string, AccessRow>;

export type AccessRule = keyof typeof ACCESS;

export interface AccessSubject {
  role: Role;
  isVerified: VerificationStatus;
}

/** Which column of the table a caller falls in. Clients need no verification (DESIGN §3). */
export function principalOf(subject: AccessSubject | null | undefined): Principal {
  if (!subject) return 'anon';
  if (subject.role === 'user') return 'user';
  const verified = subject.isVerified === 'verified';
  if (subject.role === 'doctor') return verified ? 'doctorVerified' : 'doctorUnverified';
  return verified ? 'adminVerified' : 'adminUnverified';
}

/** The table's cell for this caller and call. */
export function accessCell(rule: AccessRule, subject: AccessSubject | null | undefined): Cell {
  return ACCESS[rule].cells[principalOf(subject)];
}

/** Whether the guard lets the caller through (the service may still limit or refuse). */
export function passesGuard(rule: AccessRule, subject: AccessSubject | null | undefined): boolean {
  return accessCell(rule, subject) !== 'no';
}

/** Whether the caller may do it now: through the guard and not refused for their state. */
export function mayCall(rule: AccessRule, subject: AccessSubject | null | undefined): boolean {
  const cell = accessCell(rule, subject);
  return cell === 'yes' || cell === 'own';
}
