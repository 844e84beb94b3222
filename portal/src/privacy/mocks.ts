import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import type { z } from 'zod';
import {
  AUTH_MESSAGES,
  errorResponseSchema,
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
import { objectId, type MockDb, type MockUser } from '../mocks/db.ts';

const API = '/api/v1';
type Op = (typeof api.privacy)[keyof typeof api.privacy];

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

/** An operation's path in MSW's spelling (`/privacy/sessions/:id`). */
const route = (op: Op) => `${API}${op.path.replace(/\{(\w+)\}/g, ':$1')}`;

/** Every answer is parsed with the operation's own success schema, so the mock cannot drift. */
function reply(op: Op, body: unknown, status: 200 | 201 = 200) {
  const content = (op.responses as Record<number, { content?: { 'application/json'?: { schema: z.ZodType } } }>)[status]?.content;
  const schema = content?.['application/json']?.schema;
  return HttpResponse.json((schema ? schema.parse(body) : body) as JsonBodyType, { status });
}
function fail(status: number, message: string) {
  return HttpResponse.json(errorResponseSchema.parse({ success: false, message }), { status });
}
async function bodyOf(op: Op, request: Request): Promise<{ ok: true; data: unknown } | { ok: false; response: Response }> {
  const schema = ((op as { request?: unknown }).request as { body?: { content: { 'application/json': { schema: z.ZodType } } } } | undefined)?.body?.content['application/json'].schema;
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    raw = undefined;
  }
  if (!schema) return { ok: true, data: raw };
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, response: fail(400, parsed.error.issues[0]?.message ?? 'Validation failed') };
  return { ok: true, data: parsed.data };
}

/** The privacy calls (api.privacy) on the mock state, for component tests and `pnpm dev:mock`. */
export function privacyHandlers(db: MockDb): HttpHandler[] {
  const state = privacyState(db);
  const signedIn = (): MockUser | null => db.users.find((u) => u._id === db.sessionUserId) ?? null;
  const isVerifiedAdmin = (u: MockUser) => u.role === 'admin' && u.isVerified === 'verified';
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

  const handle = (
    op: Op,
    method: 'get' | 'post' | 'put' | 'delete',
    work: (user: MockUser, input: { body: unknown; params: Record<string, string> }) => Response | Promise<Response>,
  ) =>
    http[method](route(op), async ({ request, params }) => {
      const user = signedIn();
      if (!user) return fail(401, AUTH_MESSAGES.notAuthenticated);
      if (op.access === 'verifiedAdmin' && !isVerifiedAdmin(user)) return fail(403, AUTH_MESSAGES.adminOnly);
      const body = method === 'get' || method === 'delete' ? { ok: true as const, data: undefined } : await bodyOf(op, request);
      if (!body.ok) return body.response;
      const flat: Record<string, string> = {};
      for (const [k, v] of Object.entries(params)) if (typeof v === 'string') flat[k] = v;
      return work(user, { body: body.data, params: flat });
    });

  const p = api.privacy;
  return [
    handle(p.overview, 'get', () => reply(p.overview, { success: true, data: { grievanceOfficer: GRIEVANCE_OFFICER_DEFAULTS } })),
    handle(p.notice, 'get', (u) => reply(p.notice, { success: true, data: notice(u) })),
    handle(p.acceptNotice, 'post', (u, { body }) => {
      if ((body as { version: string }).version !== NOTICE_VERSION) return fail(409, M.noticeChanged);
      record(u, 'given');
      state.noticePending.delete(u._id);
      return reply(p.acceptNotice, { success: true, message: M.noticeAccepted, data: notice(u) });
    }),
    handle(p.withdrawNotice, 'post', (u) => {
      record(u, 'withdrawn');
      state.noticePending.add(u._id);
      if (!state.requests.some((r) => r.userId === u._id && r.request.kind === 'erasure' && r.request.status === 'open')) newRequest(u, 'erasure', M.consentWithdrawn);
      return reply(p.withdrawNotice, { success: true, message: M.consentWithdrawn, data: notice(u) });
    }),
    handle(p.sessions, 'get', (u) => reply(p.sessions, { success: true, data: sessionsOf(u) })),
    handle(p.endSession, 'delete', (u, { params }) => {
      const list = sessionsOf(u);
      const target = list.find((s) => s.id === params.id);
      if (!target) return fail(404, M.sessionNotFound);
      if (target.current) return fail(400, M.cannotSignOutThisDevice);
      state.sessions.set(u._id, list.filter((s) => s !== target));
      return reply(p.endSession, { success: true, message: M.sessionSignedOut });
    }),
    handle(p.signOutOthers, 'post', (u) => {
      const list = sessionsOf(u);
      const kept = list.filter((s) => s.current);
      state.sessions.set(u._id, kept);
      const n = list.length - kept.length;
      return reply(p.signOutOthers, { success: true, message: n === 0 ? M.noOtherSessions : M.othersSignedOut(n), data: { signedOut: n } });
    }),
    handle(p.accessLog, 'get', (u) => reply(p.accessLog, { success: true, data: state.accessLog.get(u._id) ?? [] })),
    handle(p.requests, 'get', (u) => reply(p.requests, { success: true, data: state.requests.filter((r) => r.userId === u._id).map((r) => r.request) })),
    handle(p.createRequest, 'post', (u, { body }) => {
      const { kind, details } = body as { kind: PrivacyRequest['kind']; details: string };
      if (state.requests.some((r) => r.userId === u._id && r.request.kind === kind && ['open', 'scheduled'].includes(r.request.status))) return fail(409, M.requestOpenAlready);
      return reply(p.createRequest, { success: true, message: M.requestCreated, data: newRequest(u, kind, details) }, 201);
    }),
    handle(p.queue, 'get', () =>
      reply(p.queue, {
        success: true,
        data: state.requests.map(({ userId, request }) => {
          const person = db.users.find((x) => x._id === userId);
          return { ...request, person: { id: userId, name: person?.name ?? '', email: person?.email ?? '', role: person?.role ?? 'user' } };
        }),
      }),
    ),
    handle(p.decide, 'post', (_u, { body, params }) => {
      const found = state.requests.find((r) => r.request.id === params.id);
      if (!found) return fail(404, M.requestNotFound);
      if (found.request.status !== 'open') return fail(409, M.requestAlreadyDecided);
      const { decision, answer } = body as { decision: 'accept' | 'reject'; answer: string };
      const erasure = found.request.kind === 'erasure' && decision === 'accept';
      found.request = {
        ...found.request,
        status: decision === 'reject' ? 'rejected' : erasure ? 'scheduled' : found.request.kind === 'grievance' ? 'answered' : 'completed',
        answer,
        decidedAt: db.now().toISOString(),
        erasureAt: erasure ? new Date(db.now().getTime() + ERASURE_NOTICE_HOURS * 3_600_000).toISOString() : null,
      };
      return reply(p.decide, { success: true, message: M.requestDecided, data: found.request });
    }),
    handle(p.nominee, 'get', (u) => reply(p.nominee, { success: true, data: state.nominees.get(u._id) ?? null })),
    handle(p.setNominee, 'put', (u, { body }) => {
      const nominee: Nominee = { ...(body as Omit<Nominee, 'updatedAt'>), updatedAt: db.now().toISOString() };
      state.nominees.set(u._id, nominee);
      return reply(p.setNominee, { success: true, message: M.nomineeSaved, data: nominee });
    }),
    handle(p.removeNominee, 'delete', (u) => {
      if (!state.nominees.delete(u._id)) return fail(404, M.nomineeNotFound);
      return reply(p.removeNominee, { success: true, message: M.nomineeRemoved, data: null });
    }),
  ];
}
