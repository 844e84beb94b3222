import {
  meetingInstant,
  type ApplicationData,
  type FileKind,
  type Meeting,
  type PlanType,
  type PublicUser,
  type Role,
  type ServiceKey,
  type VerificationStatus,
} from '@bh/shared';

/** An account of the mock API; the password is kept in clear because nothing real is stored. */
export interface MockUser extends PublicUser {
  password: string;
}

export interface MockUpload {
  id: string;
  ownerId: string;
  name: string;
  size: number;
  kind: FileKind;
}

/** The mock API's whole state: one signed-in browser, its accounts, meetings and files. */
export interface MockDb {
  users: MockUser[];
  meetings: Meeting[];
  uploads: MockUpload[];
  applications: { userId: string; application: ApplicationData; submittedAt: string }[];
  paymentLinks: Record<ServiceKey, Record<PlanType, string>>;
  sessionUserId: string | null;
  /** One-time links (invitations, resets) the mock API has "emailed": a test reads the token here. */
  accountLinks: { token: string; userId: string; purpose: 'invitation' | 'reset'; used: boolean }[];
  /** Calls that should fail, to exercise error paths: operation id (`api.meeting.list.operationId`) → HTTP status. */
  failures: Record<string, number>;
  /** The mock's clock; tests move it with fake timers. */
  now: () => Date;
  nextId: number;
}

export const MOCK_PASSWORD = 'Mock-Health-2025';

export function objectId(db: MockDb): string {
  db.nextId += 1;
  return db.nextId.toString(16).padStart(24, '0');
}

export function addUser(
  db: MockDb,
  user: { name: string; email: string; role: Role; isVerified?: VerificationStatus; rejectionReason?: string; password?: string },
): MockUser {
  const created: MockUser = {
    _id: objectId(db),
    name: user.name,
    email: user.email.toLowerCase(),
    role: user.role,
    // As the API creates them: every new account, a client's too, starts `not_submitted`.
    isVerified: user.isVerified ?? 'not_submitted',
    ...(user.rejectionReason ? { rejectionReason: user.rejectionReason } : {}),
    password: user.password ?? MOCK_PASSWORD,
  };
  db.users.push(created);
  return created;
}

/** India's calendar date and 12-hour time of an instant, as meetings store them. */
export function istParts(instant: Date): { meetingDate: string; meetingTime: string } {
  const shifted = new Date(instant.getTime() + 330 * 60_000);
  const hours24 = shifted.getUTCHours();
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  const minutes = String(shifted.getUTCMinutes()).padStart(2, '0');
  return {
    meetingDate: shifted.toISOString().slice(0, 10),
    meetingTime: `${String(hours12).padStart(2, '0')}:${minutes} ${hours24 < 12 ? 'AM' : 'PM'}`,
  };
}

/** A meeting between a client and an associate starting at `startsAt` (whole minutes). */
export function addMeeting(
  db: MockDb,
  meeting: { client: MockUser; associate: MockUser; startsAt: Date; reportLink?: string; userJoinedAt?: Date; docJoinedAt?: Date },
): Meeting {
  const { meetingDate, meetingTime } = istParts(meeting.startsAt);
  const start = meetingInstant(meetingDate, meetingTime);
  if (!start) throw new Error(`Cannot place a meeting at ${meeting.startsAt.toISOString()}`);
  const id = objectId(db);
  const created: Meeting = {
    _id: id,
    meetingDate,
    meetingTime,
    startsAt: start.toISOString(),
    meetingLink: `https://meet.example.com/bh-${id.slice(-6)}`,
    formLink: `https://forms.example.com/report-${id.slice(-6)}`,
    clientId: meeting.client.email,
    doctorId: meeting.associate.email,
    clientName: meeting.client.name,
    doctorName: meeting.associate.name,
    userJoinedAt: meeting.userJoinedAt?.toISOString() ?? null,
    docJoinedAt: meeting.docJoinedAt?.toISOString() ?? null,
    status: 'scheduled',
    cancellation: null,
    noShowBy: null,
    history: [],
    hasOpenRequest: false,
    reportLink: meeting.reportLink ?? '',
    createdAt: db.now().toISOString(),
  };
  db.meetings.push(created);
  return created;
}

export function createMockDb(now: () => Date = () => new Date()): MockDb {
  return {
    users: [],
    meetings: [],
    uploads: [],
    applications: [],
    paymentLinks: {
      mentalHealthCounselling: {
        single: 'https://payments.example.com/mental-health/single',
        bundle: 'https://payments.example.com/mental-health/bundle',
      },
      cosmetologistConsultancy: {
        single: 'https://payments.example.com/cosmetology/single',
        bundle: 'https://payments.example.com/cosmetology/bundle',
      },
    },
    sessionUserId: null,
    accountLinks: [],
    failures: {},
    now,
    nextId: 0x5f0000,
  };
}

/**
 * The data `pnpm --filter @bh/portal dev:mock` starts with: one account per role and state, with
 * meetings around now so every dashboard has something to show. All use MOCK_PASSWORD.
 */
export function seedDemo(db: MockDb): MockDb {
  const now = db.now();
  const minutes = (n: number) => new Date(Math.floor(now.getTime() / 60_000) * 60_000 + n * 60_000);
  addUser(db, { name: 'Asha Admin', email: 'admin@mock.betterhealth.in', role: 'admin', isVerified: 'verified' });
  const meera = addUser(db, { name: 'Dr. Meera Rao', email: 'meera@mock.betterhealth.in', role: 'doctor', isVerified: 'verified' });
  addUser(db, { name: 'Vikram Shah', email: 'vikram@mock.betterhealth.in', role: 'doctor', isVerified: 'not_submitted' });
  addUser(db, {
    name: 'Neha Gupta',
    email: 'neha@mock.betterhealth.in',
    role: 'doctor',
    isVerified: 'rejected',
    rejectionReason: 'The PAN card image is blurred. Please upload a clearer scan.',
  });
  const priya = addUser(db, { name: 'Priya Nair', email: 'priya@mock.betterhealth.in', role: 'user' });
  const rahul = addUser(db, { name: 'Rahul Verma', email: 'rahul@mock.betterhealth.in', role: 'user' });
  addMeeting(db, { client: priya, associate: meera, startsAt: minutes(3) });
  addMeeting(db, { client: rahul, associate: meera, startsAt: minutes(60 * 26) });
  addMeeting(db, { client: priya, associate: meera, startsAt: minutes(-60 * 24 * 3), userJoinedAt: minutes(-60 * 24 * 3 + 1), docJoinedAt: minutes(-60 * 24 * 3 - 2) });
  addMeeting(db, {
    client: rahul,
    associate: meera,
    startsAt: minutes(-60 * 24 * 7),
    reportLink: 'https://forms.example.com/reports/rahul-1',
  });
  return db;
}
