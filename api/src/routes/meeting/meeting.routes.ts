import { z } from 'zod';
import { createMeetingRequestSchema, MEETING_MESSAGES as M, meetingLookupRequest, type MeetingUserType } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { Handler } from '../../lib/handler.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { createMeeting, deleteMeeting, findParticipant, listMeetingsFor, lookupMeetings, recordJoin, setReportLink } from '../../domain/meetings/meeting.service.ts';
import { idOf } from '../../lib/ids.ts';

/**
 * The spec's lookup body is `{ userId }` holding the email-shaped Better Health ID; the contract
 * names it `email`. Either spelling is read into the one strict schema.
 */
const lookupBody = z.preprocess((value) => {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'userId' in value && !('email' in value)) {
    const { userId, ...rest } = value as Record<string, unknown>;
    return { ...rest, email: userId };
  }
  return value;
}, meetingLookupRequest);

export const LEGACY_DELETE_MESSAGE = 'Meetings are deleted with DELETE /api/v1/meeting/{id}; this GET path changes nothing';

/**
 * verify-email checks the one email it was sent as create-meeting checks each of its two: an
 * email naming no client account, no associate or an unverified one is a 400 against the field
 * (a body naming nothing is a bad value, not a missing resource; only a path names a resource).
 */
async function participantFor(deps: AppDeps, email: string, userType: MeetingUserType) {
  try {
    return await findParticipant(deps, email, userType);
  } catch (err) {
    if (err instanceof AppError) throw badRequest(err.message, [{ path: 'email', message: err.message }]);
    throw err;
  }
}

export function meetingRoutes(deps: AppDeps) {
  const createBody = createMeetingRequestSchema(() => deps.clock.now());

  const listMeetings: Handler<typeof api.meeting.list> = async (c) => c.json({ success: true as const, meetings: await listMeetingsFor(deps, c.var.account) }, 200);

  const scheduleMeeting: Handler<typeof api.meeting.create> = async (c) => {
    const meeting = await createMeeting(deps, c.var.account, c.req.valid('json'));
    return c.json({ success: true as const, message: M.created, meeting }, 201);
  };

  const joinMeeting: Handler<typeof api.meeting.recordJoin> = async (c) => {
    const meeting = await recordJoin(deps, c.var.account, idOf(c.req.valid('param').meetingId));
    return c.json({ success: true as const, message: M.joinRecorded, meeting }, 200);
  };

  const lookup: Handler<typeof api.meeting.lookup> = async (c) => {
    const meetings = await lookupMeetings(deps, c.var.account, c.req.valid('json').email);
    return c.json({ success: true as const, meetings }, 200);
  };

  const verifyEmail: Handler<typeof api.meeting.verifyEmail> = async (c) => {
    const { email, userType } = c.req.valid('json');
    const found = await participantFor(deps, email, userType);
    const message = userType === 'client' ? M.clientVerified(found.name) : M.doctorVerified(found.name);
    return c.json({ success: true as const, message, user: { name: found.name, email: found.email } }, 200);
  };

  // A GET that deletes can be fired by any link or prefetch (DESIGN §4): this path only explains.
  const legacyDelete: Handler<typeof api.meeting.legacyDelete> = (c) => {
    c.header('Allow', 'DELETE');
    return c.json({ success: false as const, message: LEGACY_DELETE_MESSAGE }, 405);
  };

  const saveReport: Handler<typeof api.meeting.setReport> = async (c) => {
    const meeting = await setReportLink(deps, c.var.account, idOf(c.req.valid('param').meetingId), c.req.valid('json').reportLink);
    return c.json({ success: true as const, message: M.reportSaved, meeting }, 200);
  };

  const removeMeeting: Handler<typeof api.meeting.delete> = async (c) => {
    await deleteMeeting(deps, c.var.account, idOf(c.req.valid('param').meetingId));
    return c.json({ success: true as const, message: M.deleted }, 200);
  };

  return contractRouter()
    .openapi(routeOf(api.meeting.list), listMeetings)
    .openapi(routeOf(api.meeting.create, { body: createBody }), scheduleMeeting)
    .openapi(routeOf(api.meeting.recordJoin), joinMeeting)
    .openapi(routeOf(api.meeting.lookup, { body: lookupBody }), lookup)
    .openapi(routeOf(api.meeting.verifyEmail), verifyEmail)
    .openapi(routeOf(api.meeting.legacyDelete), legacyDelete)
    .openapi(routeOf(api.meeting.setReport), saveReport)
    .openapi(routeOf(api.meeting.delete), removeMeeting);
}
