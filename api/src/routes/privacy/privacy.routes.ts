import { GRIEVANCE_OFFICER_DEFAULTS, NOTICE_VERSION, PRIVACY_MESSAGES as M, type NoticeStatusResponse } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { Handler } from '../../lib/handler.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/types.ts';
import { ARCHIVE_LIMITS, buildArchive } from '../../domain/privacy/archive.ts';
import { listConsents, noticeAccepted, recordConsent, toConsentRecord } from '../../domain/privacy/consents.service.ts';
import { getNominee, removeNominee, setNominee, toNominee } from '../../domain/privacy/nominee.service.ts';
import { createPrivacyRequest, decideRequest, listOwnRequests, listQueue, requestErasureOnWithdrawal, toPrivacyRequest } from '../../domain/privacy/requests.service.ts';
import { listAccessLog } from '../../domain/privacy/access-log.ts';
import { endSession, listSessions, sessionHandle } from '../../domain/privacy/sessions.service.ts';
import { withdrawApplicationConsent } from '../../domain/applications/register.service.ts';
import { idOf } from '../../lib/ids.ts';

/**
 * /api/v1/privacy: the person's own privacy centre (DPDP Act 2023; DESIGN §8). Every call reads
 * or changes only the caller's data, whatever their role; no id in a path can reach another's.
 */
export function privacyRoutes(deps: AppDeps) {
  const noticeStatus = async (user: AuthUser): Promise<NoticeStatusResponse['data']> => {
    const consents = await listConsents(deps, user._id);
    return { version: NOTICE_VERSION, accepted: noticeAccepted(consents), consents: consents.map(toConsentRecord) };
  };

  const overview: Handler<typeof api.privacy.overview> = (c) =>
  c.json({ success: true as const, data: { grievanceOfficer: deps.config.grievanceOfficer ?? GRIEVANCE_OFFICER_DEFAULTS } }, 200);

  const listDevices: Handler<typeof api.privacy.sessions> = async (c) =>
  c.json({ success: true as const, data: await listSessions(deps, c.var.account._id, c.get('session')?._id ?? null) }, 200);

  const signOutOthers: Handler<typeof api.privacy.signOutOthers> = async (c) => {
    const signedOut = await deps.sessions.destroyOthers(c.var.account._id, c.get('session')?._id ?? '');
    return c.json({ success: true as const, message: signedOut === 0 ? M.noOtherSessions : M.othersSignedOut(signedOut), data: { signedOut } }, 200);
  };

  const signOutDevice: Handler<typeof api.privacy.endSession> = async (c) => {
    const { id } = c.req.valid('param');
    const current = c.get('session');
    if (current && sessionHandle(current) === id) throw badRequest(M.cannotSignOutThisDevice);
    if (!(await endSession(deps, c.var.account._id, id))) throw notFound(M.sessionNotFound);
    return c.json({ success: true as const, message: M.sessionSignedOut }, 200);
  };

  const accessLog: Handler<typeof api.privacy.accessLog> = async (c) => c.json({ success: true as const, data: await listAccessLog(deps, c.var.account._id) }, 200);

  const notice: Handler<typeof api.privacy.notice> = async (c) => c.json({ success: true as const, data: await noticeStatus(c.var.account) }, 200);

  const acceptNotice: Handler<typeof api.privacy.acceptNotice> = async (c) => {
    if (c.req.valid('json').version !== NOTICE_VERSION) throw conflict(M.noticeChanged);
    await recordConsent(deps, c.var.account._id, { kind: 'notice', action: 'given', ip: c.get('clientIp') });
    return c.json({ success: true as const, message: M.noticeAccepted, data: await noticeStatus(c.var.account) }, 200);
  };

  const withdrawNotice: Handler<typeof api.privacy.withdrawNotice> = async (c) => {
    const user = c.var.account;
    await recordConsent(deps, user._id, { kind: 'notice', action: 'withdrawn', ip: c.get('clientIp') });
    await requestErasureOnWithdrawal(deps, user._id, M.consentWithdrawn);
    return c.json({ success: true as const, message: M.consentWithdrawn, data: await noticeStatus(user) }, 200);
  };

  const downloadArchive: Handler<typeof api.privacy.archive> = async (c) => {
    const user = c.var.account;
    const reservation = await deps.limiter.reserve([{ key: `archive:${user._id.toHexString()}`, limit: ARCHIVE_LIMITS.perAccount, windowMs: ARCHIVE_LIMITS.windowMs }]);
    if (!reservation.ok) throw tooManyRequests(M.tooManyArchives, reservation.retryAfterSeconds);
    const stream = await buildArchive(deps, user, c.get('session')?._id ?? null);
    const day = deps.clock.now().toISOString().slice(0, 10);
    return c.body(stream, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="better-health-my-data-${day}.zip"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  };

  const ownRequests: Handler<typeof api.privacy.requests> = async (c) =>
  c.json({ success: true as const, data: (await listOwnRequests(deps, c.var.account._id)).map(toPrivacyRequest) }, 200);

  const openRequest: Handler<typeof api.privacy.createRequest> = async (c) => {
    const doc = await createPrivacyRequest(deps, c.var.account._id, c.req.valid('json'));
    return c.json({ success: true as const, message: M.requestCreated, data: toPrivacyRequest(doc) }, 201);
  };

  const requestQueue: Handler<typeof api.privacy.queue> = async (c) => c.json({ success: true as const, data: await listQueue(deps) }, 200);

  const decide: Handler<typeof api.privacy.decide> = async (c) => {
    const doc = await decideRequest(deps, c.var.account, idOf(c.req.valid('param').id), c.req.valid('json'));
    return c.json({ success: true as const, message: M.requestDecided, data: toPrivacyRequest(doc) }, 200);
  };

  const nominee: Handler<typeof api.privacy.nominee> = async (c) => c.json({ success: true as const, data: toNominee(await getNominee(deps, c.var.account._id)) }, 200);

  const saveNominee: Handler<typeof api.privacy.setNominee> = async (c) => {
    const doc = await setNominee(deps, c.var.account._id, c.req.valid('json'));
    return c.json({ success: true as const, message: M.nomineeSaved, data: toNominee(doc) }, 200);
  };

  const deleteNominee: Handler<typeof api.privacy.removeNominee> = async (c) => {
    if (!(await removeNominee(deps, c.var.account._id))) throw notFound(M.nomineeNotFound);
    return c.json({ success: true as const, message: M.nomineeRemoved, data: null }, 200);
  };

  const withdrawConsentToApplication: Handler<typeof api.privacy.withdrawApplicationConsent> = async (c) => {
    await withdrawApplicationConsent(deps, c.var.account, c.get('clientIp'));
    return c.json({ success: true as const, message: M.applicationConsentWithdrawn, data: await noticeStatus(c.var.account) }, 200);
  };

  return contractRouter()
    .openapi(routeOf(api.privacy.overview), overview)
    .openapi(routeOf(api.privacy.sessions), listDevices)
    .openapi(routeOf(api.privacy.signOutOthers), signOutOthers)
    .openapi(routeOf(api.privacy.endSession), signOutDevice)
    .openapi(routeOf(api.privacy.accessLog), accessLog)
    .openapi(routeOf(api.privacy.notice), notice)
    .openapi(routeOf(api.privacy.acceptNotice), acceptNotice)
    .openapi(routeOf(api.privacy.withdrawNotice), withdrawNotice)
    .openapi(routeOf(api.privacy.archive), downloadArchive)
    .openapi(routeOf(api.privacy.requests), ownRequests)
    .openapi(routeOf(api.privacy.createRequest), openRequest)
    .openapi(routeOf(api.privacy.queue), requestQueue)
    .openapi(routeOf(api.privacy.decide), decide)
    .openapi(routeOf(api.privacy.nominee), nominee)
    .openapi(routeOf(api.privacy.setNominee), saveNominee)
    .openapi(routeOf(api.privacy.removeNominee), deleteNominee)
    .openapi(routeOf(api.privacy.withdrawApplicationConsent), withdrawConsentToApplication);
}
