import { HttpResponse, type HttpHandler } from 'msw';
import {
  GRIEVANCE_OFFICER_DEFAULTS,
  NOTICE_VERSION,
  PRIVACY_MESSAGES as M,
  PRIVACY_REQUEST_DAYS,
  ERASURE_NOTICE_HOURS,
  type AccessLogEntry,
  type ConsentRecord,
  type Nominee,
  type PrivacyRequest,
  type SessionRecord,
} from '@bh/shared';
import { api } from '@bh/shared/contract';
import { applicationConsent, recordApplicationConsent } from './applications.ts';
import { mockFailure, mockOperation, type MockWorldAccess } from './contract.ts';
import { objectId, type MockDb, type MockUser } from './db.ts';

/** The mock privacy centre's state, beside the mock API's (one per MockDb). */
export interface PrivacyMockState {
  /** People who have not accepted the notice in force yet (everyone else has). */
  noticePending: Set<string>;
  consents: Map<string, ConsentRecord[]>;
  sessions: Map<string, SessionRecord[]>;
  accessLog: Map<string, AccessLogEntry[]>;
  requests: { userId: string; request: PrivacyRequest }[];
  nominees: Map<string, Nominee>;
}

const states = new WeakMap<MockDb, PrivacyMockState>();

export function privacyState(db: MockDb): PrivacyMockState {
  let state = states.get(db);
  if (!state) {
    state = { noticePending: new Set(), consents: new Map(), sessions: new Map(), accessLog: new Map(), requests: [], nominees: new Map() };
    states.set(db, state);
  }
  return state;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A ZIP of JSON files, stored without compression (the mock's archive: the browser only saves
 * it). The API streams its archive with a ZIP library; the portal has none and needs none.
 */
function storedZip(files: Record<string, unknown>): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, value] of Object.entries(files)) {
    const nameBytes = encoder.encode(name);
    const data = encoder.encode(JSON.stringify(value, null, 2));
    const crc = crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(12, 0x21, true); // 1 January 1980: no dates in the mock's archive
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, nameBytes.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(14, 0x21, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, data.length, true);
    central.setUint32(24, data.length, true);
    central.setUint16(28, nameBytes.length, true);
    central.setUint32(42, offset, true);
    locals.push(new Uint8Array(local.buffer), nameBytes, data);
    centrals.push(new Uint8Array(central.buffer), nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, part) => n + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, centrals.length / 2, true);
  end.setUint16(10, centrals.length / 2, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, new Uint8Array(end.buffer)];
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The privacy calls (api.privacy) on the mock state, for component tests and `pnpm dev:mock`,
 * registered from the shared definitions with `mockOperation` (guard, input and answers as the API's).
 */
export function privacyHandlers(db: MockDb, world: MockWorldAccess<MockUser>): HttpHandler[] {
  const state = privacyState(db);
  const sessionsOf = (u: MockUser) => {
    const list = state.sessions.get(u._id) ?? [
      { id: '0'.repeat(31) + '1', browser: 'Chrome 131 on Windows', place: 'internet' as const, network: '203.0.113.0/24', createdAt: db.now().toISOString(), lastUsedAt: db.now().toISOString(), current: true },
    ];
    state.sessions.set(u._id, list);
    return list;
  };
  const notice = (u: MockUser) => ({
    version: NOTICE_VERSION,
    accepted: !state.noticePending.has(u._id),
    consents: state.consents.get(u._id) ?? [],
  });
  const record = (u: MockUser, action: 'given' | 'withdrawn') => {
    const entry: ConsentRecord = { id: objectId(db), kind: 'notice', action, version: NOTICE_VERSION, at: db.now().toISOString(), network: null };
    state.consents.set(u._id, [entry, ...(state.consents.get(u._id) ?? [])]);
  };
  const newRequest = (u: MockUser, kind: PrivacyRequest['kind'], details: string): PrivacyRequest => {
    const request: PrivacyRequest = {
      id: objectId(db),
      kind,
      details,
      status: 'open',
      createdAt: db.now().toISOString(),
      dueAt: new Date(db.now().getTime() + PRIVACY_REQUEST_DAYS[kind] * 86_400_000).toISOString(),
      answer: null,
      decidedAt: null,
      erasureAt: null,
    };
    state.requests.unshift({ userId: u._id, request });
    return request;
  };

  const p = api.privacy;
  return [
    mockOperation(p.overview, world, () => ({ status: 200, body: { success: true, data: { grievanceOfficer: GRIEVANCE_OFFICER_DEFAULTS } } })),
    mockOperation(p.notice, world, ({ caller }) => ({ status: 200, body: { success: true, data: notice(caller) } })),
    mockOperation(p.acceptNotice, world, ({ caller, body }) => {
      if (body.version !== NOTICE_VERSION) return mockFailure(409, M.noticeChanged);
      record(caller, 'given');
      state.noticePending.delete(caller._id);
      return { status: 200, body: { success: true, message: M.noticeAccepted, data: notice(caller) } };
    }),
    mockOperation(p.withdrawNotice, world, ({ caller }) => {
      record(caller, 'withdrawn');
      state.noticePending.add(caller._id);
      if (!state.requests.some((r) => r.userId === caller._id && r.request.kind === 'erasure' && r.request.status === 'open')) newRequest(caller, 'erasure', M.consentWithdrawn);
      return { status: 200, body: { success: true, message: M.consentWithdrawn, data: notice(caller) } };
    }),
    mockOperation(p.sessions, world, ({ caller }) => ({ status: 200, body: { success: true, data: sessionsOf(caller) } })),
    mockOperation(p.endSession, world, ({ caller, params }) => {
      const list = sessionsOf(caller);
      const target = list.find((s) => s.id === params.id);
      if (target?.current) return mockFailure(400, M.cannotSignOutThisDevice);
      if (!target) return mockFailure(404, M.sessionNotFound);
      state.sessions.set(caller._id, list.filter((s) => s !== target));
      return { status: 200, body: { success: true, message: M.sessionSignedOut } };
    }),
    mockOperation(p.signOutOthers, world, ({ caller }) => {
      const list = sessionsOf(caller);
      const kept = list.filter((s) => s.current);
      state.sessions.set(caller._id, kept);
      const n = list.length - kept.length;
      return { status: 200, body: { success: true, message: n === 0 ? M.noOtherSessions : M.othersSignedOut(n), data: { signedOut: n } } };
    }),
    mockOperation(p.accessLog, world, ({ caller }) => ({ status: 200, body: { success: true, data: state.accessLog.get(caller._id) ?? [] } })),
    mockOperation(p.archive, world, ({ caller }) => {
      const { password: _password, ...profile } = caller;
      const zip = storedZip({
        'profile.json': profile,
        'meetings.json': db.meetings.filter((m) => m.clientId === caller.email || m.doctorId === caller.email),
        'consents.json': state.consents.get(caller._id) ?? [],
        'sessions.json': sessionsOf(caller),
        'requests.json': state.requests.filter((r) => r.userId === caller._id).map((r) => r.request),
        'nominee.json': state.nominees.get(caller._id) ?? null,
        'access-log.json': state.accessLog.get(caller._id) ?? [],
      });
      return new HttpResponse(zip, {
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="better-health-my-data-${db.now().toISOString().slice(0, 10)}.zip"`,
          'Cache-Control': 'no-store',
        },
      });
    }),
    mockOperation(p.requests, world, ({ caller }) => ({
      status: 200,
      body: { success: true, data: state.requests.filter((r) => r.userId === caller._id).map((r) => r.request) },
    })),
    mockOperation(p.createRequest, world, ({ caller, body }) => {
      const { kind, details } = body;
      if (state.requests.some((r) => r.userId === caller._id && r.request.kind === kind && ['open', 'scheduled'].includes(r.request.status))) {
        return mockFailure(409, M.requestOpenAlready);
      }
      return { status: 201, body: { success: true, message: M.requestCreated, data: newRequest(caller, kind, details) } };
    }),
    mockOperation(p.queue, world, () => ({
      status: 200,
      body: {
        success: true,
        data: state.requests.map(({ userId, request }) => {
          const person = db.users.find((x) => x._id === userId);
          return { ...request, person: { id: userId, name: person?.name ?? '', email: person?.email ?? '', role: person?.role ?? 'user' } };
        }),
      },
    })),
    mockOperation(p.decide, world, ({ params, body }) => {
      const found = state.requests.find((r) => r.request.id === params.id);
      if (!found) return mockFailure(404, M.requestNotFound);
      if (found.request.status !== 'open') return mockFailure(409, M.requestAlreadyDecided);
      const { decision, answer } = body;
      const erasure = found.request.kind === 'erasure' && decision === 'accept';
      found.request = {
        ...found.request,
        status: decision === 'reject' ? 'rejected' : erasure ? 'scheduled' : found.request.kind === 'grievance' ? 'answered' : 'completed',
        answer,
        decidedAt: db.now().toISOString(),
        erasureAt: erasure ? new Date(db.now().getTime() + ERASURE_NOTICE_HOURS * 3_600_000).toISOString() : null,
      };
      return { status: 200, body: { success: true, message: M.requestDecided, data: found.request } };
    }),
    mockOperation(p.nominee, world, ({ caller }) => ({ status: 200, body: { success: true, data: state.nominees.get(caller._id) ?? null } })),
    mockOperation(p.setNominee, world, ({ caller, body }) => {
      const nominee: Nominee = { ...body, updatedAt: db.now().toISOString() };
      state.nominees.set(caller._id, nominee);
      return { status: 200, body: { success: true, message: M.nomineeSaved, data: nominee } };
    }),
    mockOperation(p.removeNominee, world, ({ caller }) => {
      if (!state.nominees.delete(caller._id)) return mockFailure(404, M.nomineeNotFound);
      return { status: 200, body: { success: true, message: M.nomineeRemoved, data: null } };
    }),
    mockOperation(p.withdrawApplicationConsent, world, ({ caller }) => {
      const consent = applicationConsent(db, caller._id);
      if (!consent || consent.withdrawnAt) return mockFailure(409, M.noApplicationConsent);
      recordApplicationConsent(db, caller._id, 'withdrawn', consent.version);
      // A pending application leaves review and may be sent again; a decided one stays decided.
      if (caller.isVerified === 'pending') caller.isVerified = 'not_submitted';
      return { status: 200, body: { success: true, message: M.applicationConsentWithdrawn, data: notice(caller) } };
    }),
  ];
}
