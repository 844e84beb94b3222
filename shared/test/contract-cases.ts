import { ACCOUNT_LINK_MESSAGES, AUTH_MESSAGES, GENERAL_MESSAGES } from '../src/messages/index.ts';
import { MEETING_MESSAGES } from '../src/messages/meeting.ts';
import { PAYMENT_MESSAGES } from '../src/messages/payments.ts';
import { PRIVACY_MESSAGES } from '../src/messages/privacy.ts';
import { REGISTRATION_MESSAGES } from '../src/messages/registration.ts';
import { errorResponseSchema } from '../src/schemas/common.ts';
import type { Role, VerificationStatus } from '../src/schemas/index.ts';
import { ACCESS, PRINCIPALS, type Principal } from '../src/contract/access.ts';
import { successSchema } from '../src/contract/client.ts';
import { declares, type OperationConfig } from '../src/contract/define.ts';
import { api } from '../src/contract/index.ts';

/**
 * The contract cases: per operation, a request and the answer it must get (status, message, the
 * fields the errors name, and a success body that parses with the operation's schema). One table,
 * run twice: against the API on the embedded database (`api/test/contract-cases.test.ts`) and
 * against the portal's MSW handlers (`portal/src/mocks/contract-cases.test.ts`). A mock that
 * answers differently from the API fails the build.
 */

/** The clock both runners set before a case: 12:00 PM in India on 15 June 2026. */
export const CASES_NOW = '2026-06-15T06:30:00.000Z';

/** The account each kind of caller signs in with (DESIGN §5's columns). */
export const CALLER_ACCOUNTS: Record<Exclude<Principal, 'anon'>, { role: Role; isVerified: VerificationStatus }> = {
  user: { role: 'user', isVerified: 'not_submitted' },
  doctorUnverified: { role: 'doctor', isVerified: 'not_submitted' },
  doctorVerified: { role: 'doctor', isVerified: 'verified' },
  adminUnverified: { role: 'admin', isVerified: 'not_submitted' },
  adminVerified: { role: 'admin', isVerified: 'verified' },
};

/** What a case needs besides its caller, each record named so the request can refer to it. */
export interface World {
  /** In words, e.g. "a verified associate and a client, with a meeting in two minutes". */
  label: string;
  accounts?: Record<string, { role: Role; isVerified: VerificationStatus; name?: string }>;
  /** Meetings between two of the accounts (`caller` names the signed-in caller), at an instant. */
  meetings?: Record<string, { client: string; associate: string; startsAt: string }>;
}

/** The world's records as the runner created them. */
export interface WorldRefs {
  email(account: string): string;
  id(account: string): string;
  meeting(name: string): string;
}

export interface CaseInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Headers a case's request carries besides the session (a multipart call says it is one). */
export function caseHeaders(op: OperationConfig): Record<string, string> {
  const content = (op.request?.body as { content?: Record<string, unknown> } | undefined)?.content ?? {};
  return 'multipart/form-data' in content ? { 'content-type': 'multipart/form-data; boundary=contract-case' } : {};
}

export interface ContractCase {
  name: string;
  op: OperationConfig;
  caller: Principal;
  world?: World;
  input?: (refs: WorldRefs) => CaseInput;
  expect: {
    status: number;
    /** The error's message (or a success's `message`) when it matters. */
    message?: string;
    /** The `path` of each entry of `errors`, in order. */
    errors?: readonly string[];
  };
}

const NO_ONE: World = { label: 'only the caller' };

/** Path parameters that name nothing in particular, for calls the guard refuses before reading them. */
const ANY_PARAMS: Record<string, string> = {
  meetingId: '0123456789abcdef01234567',
  userId: '0123456789abcdef01234567',
  id: '0123456789abcdef01234567',
  service: 'mentalHealthCounselling',
  planType: 'single',
};

function anyParams(op: OperationConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) if (name) out[name] = ANY_PARAMS[name] ?? 'x';
  return out;
}

/** Every operation, by its id. */
export function allOperations(): OperationConfig[] {
  return Object.values(api).flatMap((area) => Object.values(area) as OperationConfig[]);
}

/**
 * The guard's cases, read from DESIGN §5's table for every operation: without a session 401
 * ("Please log in to continue"), and for each kind of caller the row refuses, 403 with the row's
 * message. The guard runs before any validator, so the request needs nothing else.
 */
export function guardCases(): ContractCase[] {
  return allOperations().flatMap((op) => {
    const row = ACCESS[op.access as keyof typeof ACCESS];
    return PRINCIPALS.filter((p) => row.cells[p] === 'no').map((caller) => ({
      name: `${op.operationId}: ${caller === 'anon' ? 'no session' : caller} is refused`,
      op,
      caller,
      world: NO_ONE,
      input: () => ({ params: anyParams(op) }),
      expect: caller === 'anon' ? { status: 401, message: AUTH_MESSAGES.notAuthenticated } : { status: 403, message: row.forbidden },
    }));
  });
}

const ADMIN = 'adminVerified' as const;

const people: World = {
  label: 'a client, a verified associate and an unverified associate exist',
  accounts: {
    client: { role: 'user', isVerified: 'not_submitted', name: 'Priya Nair' },
    associate: { role: 'doctor', isVerified: 'verified', name: 'Meera Rao' },
    unverified: { role: 'doctor', isVerified: 'pending', name: 'Vikram Shah' },
  },
};

/** 15 June 2026, 12:02 PM in India: inside the join window at CASES_NOW. */
const SOON = '2026-06-15T06:32:00.000Z';

const meetingSoon: World = {
  label: 'a client and a verified associate with a meeting in two minutes',
  accounts: people.accounts!,
  meetings: { soon: { client: 'client', associate: 'associate', startsAt: SOON } },
};

const newMeeting = (refs: WorldRefs, overrides: Record<string, unknown> = {}) => ({
  clientId: refs.email('client'),
  doctorId: refs.email('associate'),
  meetingDate: '2026-06-15',
  meetingTime: '12:30 PM',
  meetingLink: 'https://meet.example.in/new',
  formLink: 'https://forms.example.in/new',
  ...overrides,
});

/** The main successes and the error cases the mocks used to get wrong (issue 16's drifts). */
export const BEHAVIOUR_CASES: ContractCase[] = [
  // ---- user ----
  {
    name: 'login: a wrong password is refused',
    op: api.user.login,
    caller: 'anon',
    world: people,
    input: (refs) => ({ body: { email: refs.email('client'), password: 'Wrong-password-1' } }),
    expect: { status: 401, message: AUTH_MESSAGES.invalidCredentials },
  },
  {
    name: 'login: a validation failure names its first problem',
    op: api.user.login,
    caller: 'anon',
    input: () => ({ body: { email: 'not-an-email' } }),
    expect: { status: 400, message: AUTH_MESSAGES.invalidEmail, errors: ['email', 'password'] },
  },
  { name: 'profile: the signed-in account', op: api.user.profile, caller: 'user', expect: { status: 200 } },
  { name: 'logout: signs out', op: api.user.logout, caller: 'doctorVerified', expect: { status: 200, message: AUTH_MESSAGES.loggedOut } },
  {
    name: 'register: a new client starts not_submitted',
    op: api.user.register,
    caller: ADMIN,
    input: () => ({ body: { name: 'Asha Client', email: 'asha.client@example.in', password: 'Long-enough-pass-42', role: 'user' } }),
    expect: { status: 201, message: AUTH_MESSAGES.accountCreated },
  },
  {
    name: 'register: an email that exists is a conflict',
    op: api.user.register,
    caller: ADMIN,
    world: people,
    input: (refs) => ({ body: { name: 'Again', email: refs.email('client'), password: 'Long-enough-pass-42', role: 'user' } }),
    expect: { status: 409, message: AUTH_MESSAGES.emailTaken },
  },

  // ---- meetings ----
  { name: 'get-meetings: a client lists their own', op: api.meeting.list, caller: 'user', expect: { status: 200 } },
  { name: 'get-meetings: a verified admin gets the window', op: api.meeting.list, caller: ADMIN, world: meetingSoon, expect: { status: 200 } },
  {
    name: 'verify-email: a verified associate is found',
    op: api.meeting.verifyEmail,
    caller: ADMIN,
    world: people,
    input: (refs) => ({ body: { email: refs.email('associate'), userType: 'doctor' } }),
    expect: { status: 200, message: MEETING_MESSAGES.doctorVerified('Meera Rao') },
  },
  {
    name: 'verify-email: an unverified associate is a 400, as the API answers',
    op: api.meeting.verifyEmail,
    caller: ADMIN,
    world: people,
    input: (refs) => ({ body: { email: refs.email('unverified'), userType: 'doctor' } }),
    expect: { status: 400, message: MEETING_MESSAGES.doctorNotVerified, errors: ['email'] },
  },
  {
    name: 'verify-email: an email naming no client is a 400 against email, as create-meeting answers (not 404)',
    op: api.meeting.verifyEmail,
    caller: ADMIN,
    world: people,
    input: () => ({ body: { email: 'nobody@example.in', userType: 'client' } }),
    expect: { status: 400, message: MEETING_MESSAGES.clientNotFound, errors: ['email'] },
  },
  {
    name: 'verify-email: a client is found',
    op: api.meeting.verifyEmail,
    caller: ADMIN,
    world: people,
    input: (refs) => ({ body: { email: refs.email('client'), userType: 'client' } }),
    expect: { status: 200, message: MEETING_MESSAGES.clientVerified('Priya Nair') },
  },
  {
    name: 'create-meeting: scheduled',
    op: api.meeting.create,
    caller: ADMIN,
    world: people,
    input: (refs) => ({ body: newMeeting(refs) }),
    expect: { status: 201, message: MEETING_MESSAGES.created },
  },
  {
    name: 'create-meeting: an email naming no client is a 400 against clientId',
    op: api.meeting.create,
    caller: ADMIN,
    world: people,
    input: (refs) => ({ body: newMeeting(refs, { clientId: 'nobody@example.in' }) }),
    expect: { status: 400, message: MEETING_MESSAGES.clientNotFound, errors: ['clientId'] },
  },
  {
    name: 'create-meeting: an unverified associate is a 400 against doctorId',
    op: api.meeting.create,
    caller: ADMIN,
    world: people,
    input: (refs) => ({ body: newMeeting(refs, { doctorId: refs.email('unverified') }) }),
    expect: { status: 400, message: MEETING_MESSAGES.doctorNotVerified, errors: ['doctorId'] },
  },
  {
    name: 'create-meeting: both participants busy, the client first, each against its field',
    op: api.meeting.create,
    caller: ADMIN,
    world: meetingSoon,
    input: (refs) => ({ body: newMeeting(refs, { meetingTime: '12:45 PM' }) }),
    expect: { status: 409, message: MEETING_MESSAGES.clientBusy, errors: ['clientId', 'doctorId'] },
  },
  {
    name: 'create-meeting: a validation failure names its first problem',
    op: api.meeting.create,
    caller: ADMIN,
    input: () => ({ body: {} }),
    expect: { status: 400, message: 'Client email is required' },
  },
  {
    name: 'record join: the client joins a meeting starting now',
    op: api.meeting.recordJoin,
    caller: 'user',
    world: {
      label: 'the caller is the client of a meeting with a verified associate in two minutes',
      accounts: people.accounts!,
      meetings: { soon: { client: 'caller', associate: 'associate', startsAt: SOON } },
    },
    input: (refs) => ({ params: { meetingId: refs.meeting('soon') } }),
    expect: { status: 200, message: MEETING_MESSAGES.joinRecorded },
  },
  {
    name: "record join: someone else's meeting is not found",
    op: api.meeting.recordJoin,
    caller: 'user',
    world: meetingSoon,
    input: (refs) => ({ params: { meetingId: refs.meeting('soon') } }),
    expect: { status: 404, message: MEETING_MESSAGES.notFound },
  },
  {
    name: 'delete meeting: a verified admin deletes it',
    op: api.meeting.delete,
    caller: ADMIN,
    world: meetingSoon,
    input: (refs) => ({ params: { meetingId: refs.meeting('soon') } }),
    expect: { status: 200, message: MEETING_MESSAGES.deleted },
  },

  // ---- registration ----
  { name: 'check-verified: the status', op: api.register.checkVerified, caller: 'doctorUnverified', expect: { status: 200 } },
  { name: 'own application: nothing submitted yet', op: api.register.ownApplication, caller: 'doctorUnverified', expect: { status: 404, message: REGISTRATION_MESSAGES.noApplication } },
  { name: 'submit: an empty application names its first problem', op: api.register.submit, caller: 'doctorUnverified', input: () => ({ body: {} }), expect: { status: 400 } },
  { name: 'pending applicants: the queue', op: api.register.pending, caller: ADMIN, world: people, expect: { status: 200 } },
  { name: 'verified associates: the first page', op: api.register.verified, caller: ADMIN, world: people, input: () => ({ query: { page: 1, limit: 10 } }), expect: { status: 200 } },
  {
    name: 'verify associate: no application is not found',
    op: api.register.verifyDoctor,
    caller: ADMIN,
    world: people,
    input: (refs) => ({ params: { userId: refs.id('unverified') } }),
    expect: { status: 404, message: REGISTRATION_MESSAGES.associateNotFound },
  },

  // ---- payments ----
  { name: 'services: the catalogue', op: api.payments.services, caller: 'anon', expect: { status: 200 } },
  {
    name: 'default link: an unknown plan is not found',
    op: api.payments.defaultLink,
    caller: 'anon',
    input: () => ({ params: { service: 'astrology', planType: 'single' } }),
    expect: { status: 404, message: PAYMENT_MESSAGES.unknownServiceOrPlan },
  },
  { name: 'coupons: the list', op: api.payments.coupons, caller: ADMIN, expect: { status: 200 } },
  { name: 'default links: the list', op: api.payments.defaultLinks, caller: ADMIN, expect: { status: 200 } },
  {
    name: 'delete coupon: no such coupon',
    op: api.payments.deleteCoupon,
    caller: ADMIN,
    input: () => ({ params: { id: '0123456789abcdef01234567' } }),
    expect: { status: 404, message: PAYMENT_MESSAGES.couponNotFound },
  },

  // ---- invitations ----
  { name: 'invitations: the pending list', op: api.accountLinks.invitations, caller: ADMIN, expect: { status: 200 } },
  {
    name: 'revoke invitation: none pending',
    op: api.accountLinks.revokeInvitation,
    caller: ADMIN,
    world: people,
    input: (refs) => ({ params: { userId: refs.id('client') } }),
    expect: { status: 404 },
  },
  // ---- more of each area: the main success, or the refusal a screen relies on ----
  { name: 'update profile: a new name', op: api.user.updateProfile, caller: 'user', input: () => ({ body: { name: 'Renamed Client' } }), expect: { status: 200 } },
  {
    name: 'update profile: a new password needs the current one',
    op: api.user.updateProfile,
    caller: 'user',
    input: () => ({ body: { newPassword: 'Another-long-pass-42' } }),
    expect: { status: 400, message: AUTH_MESSAGES.currentPasswordRequired, errors: ['currentPassword'] },
  },
  { name: 'forgot password: the same answer for any email', op: api.accountLinks.forgotPassword, caller: 'anon', input: () => ({ body: { email: 'nobody@example.in' } }), expect: { status: 200, message: ACCOUNT_LINK_MESSAGES.forgotPasswordSent } },
  {
    name: 'reset password: an unknown link is a 400 against token',
    op: api.accountLinks.resetPassword,
    caller: 'anon',
    input: () => ({ body: { token: 'a'.repeat(43), password: 'Another-long-pass-42' } }),
    expect: { status: 400, message: ACCOUNT_LINK_MESSAGES.linkInvalid, errors: ['token'] },
  },
  {
    name: 'accept invitation: an unknown link is a 400 against token',
    op: api.accountLinks.acceptInvitation,
    caller: 'anon',
    input: () => ({ body: { token: 'b'.repeat(43), password: 'Another-long-pass-42' } }),
    expect: { status: 400, message: ACCOUNT_LINK_MESSAGES.linkInvalid, errors: ['token'] },
  },
  {
    name: 'invite: an account is created and invited',
    op: api.accountLinks.invite,
    caller: ADMIN,
    input: () => ({ body: { name: 'Invited Associate', email: 'invited.associate@example.in', role: 'doctor' } }),
    expect: { status: 201, message: ACCOUNT_LINK_MESSAGES.invitationSent },
  },
  {
    name: 'resend invitation: none pending',
    op: api.accountLinks.resendInvitation,
    caller: ADMIN,
    world: people,
    input: (refs) => ({ params: { userId: refs.id('client') } }),
    expect: { status: 404, message: ACCOUNT_LINK_MESSAGES.noPendingInvitation },
  },
  {
    name: 'lookup: a verified admin finds a client\'s meetings',
    op: api.meeting.lookup,
    caller: ADMIN,
    world: meetingSoon,
    input: (refs) => ({ body: { email: refs.email('client') } }),
    expect: { status: 200 },
  },
  {
    name: 'lookup: a validation failure names its first problem',
    op: api.meeting.lookup,
    caller: 'doctorVerified',
    input: () => ({ body: { email: 'not-an-email' } }),
    expect: { status: 400, errors: ['email'] },
  },
  {
    name: 'save report: a verified admin saves the link',
    op: api.meeting.setReport,
    caller: ADMIN,
    world: meetingSoon,
    input: (refs) => ({ params: { meetingId: refs.meeting('soon') }, body: { reportLink: 'https://forms.example.in/report-1' } }),
    expect: { status: 200, message: MEETING_MESSAGES.reportSaved },
  },
  {
    name: 'calendar: the client gets the meeting\'s .ics',
    op: api.calendar.meetingIcs,
    caller: 'user',
    world: { label: 'the caller is the client of a meeting in two minutes', accounts: people.accounts!, meetings: { soon: { client: 'caller', associate: 'associate', startsAt: SOON } } },
    input: (refs) => ({ params: { meetingId: refs.meeting('soon') } }),
    expect: { status: 200 },
  },
  { name: 'legacy delete: explains and changes nothing', op: api.meeting.legacyDelete, caller: 'anon', input: () => ({ params: { meetingId: 'anything' } }), expect: { status: 405 } },
  {
    name: 'applicant details: no application is not found',
    op: api.register.doctorDetails,
    caller: ADMIN,
    world: people,
    input: (refs) => ({ params: { userId: refs.id('unverified') } }),
    expect: { status: 404, message: REGISTRATION_MESSAGES.associateNotFound },
  },
  {
    name: 'reject associate: the reason is required',
    op: api.register.rejectDoctor,
    caller: ADMIN,
    world: people,
    input: (refs) => ({ params: { userId: refs.id('unverified') }, body: {} }),
    expect: { status: 400 },
  },
  {
    name: 'create coupon: created',
    op: api.payments.createCoupon,
    caller: ADMIN,
    input: () => ({
      body: {
        couponCode: 'CASE10',
        forNewUsers: true,
        isActive: true,
        paymentLinks: {
          mentalHealthCounselling: { single: 'https://pay.example.in/mh-single', bundle: 'https://pay.example.in/mh-bundle' },
          cosmetologistConsultancy: { single: 'https://pay.example.in/cc-single', bundle: 'https://pay.example.in/cc-bundle' },
        },
      },
    }),
    expect: { status: 201, message: PAYMENT_MESSAGES.couponCreated },
  },
  {
    name: 'coupon status: no such coupon',
    op: api.payments.setCouponStatus,
    caller: ADMIN,
    input: () => ({ params: { id: '0123456789abcdef01234567' }, body: { isActive: false } }),
    expect: { status: 404, message: PAYMENT_MESSAGES.couponNotFound },
  },
  {
    name: 'set default link: saved under the spec\'s slug',
    op: api.payments.setDefaultLink,
    caller: ADMIN,
    input: () => ({ params: { service: 'mental-Health-Counselling', planType: 'bundle' }, body: { paymentLink: 'https://pay.example.in/mh-bundle-new' } }),
    expect: { status: 200, message: PAYMENT_MESSAGES.paymentLinkUpdated },
  },
  {
    name: 'set default link: an unknown plan is not found',
    op: api.payments.setDefaultLink,
    caller: ADMIN,
    input: () => ({ params: { service: 'astrology', planType: 'bundle' }, body: { paymentLink: 'https://pay.example.in/x' } }),
    expect: { status: 404, message: PAYMENT_MESSAGES.unknownServiceOrPlan },
  },
  { name: 'admin meetings grid: a page', op: api.admin.meetings, caller: ADMIN, world: meetingSoon, input: () => ({ query: { range: '[0,24]', sort: '["startsAt","DESC"]' } }), expect: { status: 200 } },
  { name: 'admin meetings grid: an unknown sort field is refused', op: api.admin.meetings, caller: ADMIN, input: () => ({ query: { sort: '["password","ASC"]' } }), expect: { status: 400 } },
  {
    name: 'admin meetings grid: deleting a meeting that is not there',
    op: api.admin.deleteMeeting,
    caller: ADMIN,
    input: () => ({ params: { id: '0123456789abcdef01234567' } }),
    expect: { status: 404, message: MEETING_MESSAGES.notFound },
  },
  { name: 'admin users grid: a page', op: api.admin.users, caller: ADMIN, world: people, input: () => ({ query: { range: '[0,9]' } }), expect: { status: 200 } },
  { name: 'admin audit grid: a page', op: api.admin.audit, caller: ADMIN, input: () => ({ query: { range: '[0,9]' } }), expect: { status: 200 } },
  { name: 'admin emails grid: a page', op: api.admin.emails, caller: ADMIN, input: () => ({ query: { range: '[0,9]' } }), expect: { status: 200 } },
  {
    name: 'resend email: no such email',
    op: api.admin.resendEmail,
    caller: ADMIN,
    input: () => ({ params: { id: '0123456789abcdef01234567' } }),
    expect: { status: 404, message: GENERAL_MESSAGES.notFound },
  },
  {
    name: 'withdraw application consent: none in force',
    op: api.privacy.withdrawApplicationConsent,
    caller: 'doctorUnverified',
    expect: { status: 409, message: PRIVACY_MESSAGES.noApplicationConsent },
  },
  { name: 'health: up', op: api.health.live, caller: 'anon', expect: { status: 200 } },
];

/** Every case: the guard's, from the table, and the behaviour's. */
export function contractCases(): ContractCase[] {
  return [...guardCases(), ...BEHAVIOUR_CASES];
}

/**
 * What is wrong with an answer, if anything: the status, the message, the errors' paths, and the
 * body's shape (the operation's success schema, or the error envelope).
 */
export function judge(contractCase: ContractCase, status: number, json: unknown): string[] {
  const problems: string[] = [];
  const { expect } = contractCase;
  if (status !== expect.status) problems.push(`status ${status}, expected ${expect.status}`);
  // Whatever a case expects, the answer's status must be one its operation declares.
  if (!declares(contractCase.op, status)) problems.push(`status ${status} is not one ${contractCase.op.operationId} declares`);
  if (status >= 200 && status < 300) {
    const schema = successSchema(contractCase.op);
    if (schema && !schema.safeParse(json).success) problems.push('the answer does not match the operation\'s schema');
  } else {
    const parsed = errorResponseSchema.safeParse(json);
    if (!parsed.success) problems.push('the error is not the { success: false, message } envelope');
    // The validation envelope's top message is its first problem's.
    const first = parsed.data?.errors?.[0];
    if (status === 400 && first && parsed.data?.message !== first.message) problems.push(`message ${JSON.stringify(parsed.data?.message)} is not the first problem's`);
  }
  const body = (typeof json === 'object' && json !== null ? json : {}) as { message?: unknown; errors?: { path: string }[] };
  if (expect.message !== undefined && body.message !== expect.message) problems.push(`message ${JSON.stringify(body.message)}, expected ${JSON.stringify(expect.message)}`);
  if (expect.errors !== undefined) {
    const paths = (body.errors ?? []).map((e) => e.path);
    if (JSON.stringify(paths) !== JSON.stringify(expect.errors)) problems.push(`errors at ${JSON.stringify(paths)}, expected ${JSON.stringify(expect.errors)}`);
  }
  return problems;
}
