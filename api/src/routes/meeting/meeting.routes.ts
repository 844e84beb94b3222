import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ObjectId } from 'mongodb';
import { z } from 'zod';
import {
  createMeetingRequestSchema,
  MEETING_MESSAGES as M,
  meetingIdParam,
  meetingLookupRequest,
  reportLinkRequest,
  verifyEmailRequest,
} from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import type { AppEnv } from '../../lib/types.ts';
import { jsonBody, pathParams } from '../../lib/validate.ts';
import { requireRole, requireVerifiedAdmin } from '../../middleware/auth.ts';
import { createMeeting, deleteMeeting, findParticipant, listMeetingsFor, lookupMeetings, recordJoin, setReportLink } from './meeting.service.ts';

/** Authorization runs before any validator, so callers without access learn nothing about the rules. */
const allow = (check: (c: Context<AppEnv>) => unknown) =>
  createMiddleware<AppEnv>(async (c, next) => {
    check(c);
    await next();
  });

const anyAccount = (c: Context<AppEnv>) => requireRole(c, ['user', 'doctor', 'admin']);
const participant = (c: Context<AppEnv>) => requireRole(c, ['user', 'doctor']);
const associateOrAdmin = (c: Context<AppEnv>) => requireRole(c, ['doctor', 'admin']);

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

export function meetingRoutes(deps: AppDeps) {
  const createBody = createMeetingRequestSchema(() => deps.clock.now());

  return new Hono<AppEnv>()
    .get('/get-meetings', async (c) => {
      const user = anyAccount(c);
      return c.json({ success: true as const, meetings: await listMeetingsFor(deps, user) });
    })

    .post('/create-meeting', allow(requireVerifiedAdmin), jsonBody(createBody), async (c) => {
      const admin = requireVerifiedAdmin(c);
      const meeting = await createMeeting(deps, admin, c.req.valid('json'));
      return c.json({ success: true as const, message: M.created, meeting }, 201);
    })

    .post('/meetingJoinedAt/:meetingId', allow(participant), pathParams(meetingIdParam), async (c) => {
      const user = participant(c);
      const meeting = await recordJoin(deps, user, new ObjectId(c.req.valid('param').meetingId));
      return c.json({ success: true as const, message: M.joinRecorded, meeting });
    })

    .post('/userMeetings', allow(associateOrAdmin), jsonBody(lookupBody), async (c) => {
      const user = associateOrAdmin(c);
      const meetings = await lookupMeetings(deps, user, c.req.valid('json').email);
      return c.json({ success: true as const, meetings });
    })

    .post('/verify-email', allow(requireVerifiedAdmin), jsonBody(verifyEmailRequest), async (c) => {
      requireVerifiedAdmin(c);
      const { email, userType } = c.req.valid('json');
      const found = await findParticipant(deps, email, userType);
      const message = userType === 'client' ? M.clientVerified(found.name) : M.doctorVerified(found.name);
      return c.json({ success: true as const, message, user: { name: found.name, email: found.email } });
    })

    // A GET that deletes can be fired by any link or prefetch (DESIGN §4): this path only explains.
    .get('/deleteMeeting/:meetingId', (c) => {
      c.header('Allow', 'DELETE');
      return c.json({ success: false as const, message: LEGACY_DELETE_MESSAGE }, 405);
    })

    .put('/:meetingId/report', allow(associateOrAdmin), pathParams(meetingIdParam), jsonBody(reportLinkRequest), async (c) => {
      const user = associateOrAdmin(c);
      const meeting = await setReportLink(deps, user, new ObjectId(c.req.valid('param').meetingId), c.req.valid('json').reportLink);
      return c.json({ success: true as const, message: M.reportSaved, meeting });
    })

    .delete('/:meetingId', allow(requireVerifiedAdmin), pathParams(meetingIdParam), async (c) => {
      const admin = requireVerifiedAdmin(c);
      await deleteMeeting(deps, admin, new ObjectId(c.req.valid('param').meetingId));
      return c.json({ success: true as const, message: M.deleted });
    });
}
