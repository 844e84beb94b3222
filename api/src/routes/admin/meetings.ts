import { Hono } from 'hono';
import { ObjectId, type Filter } from 'mongodb';
import { adminIdParam, adminListQuery, MEETING_MESSAGES as M, type Meeting } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/types.ts';
import { pathParams, queryParams } from '../../lib/validate.ts';
import { requireVerifiedAdmin } from '../../middleware/auth.ts';
import { deleteMeeting, toMeeting } from '../meeting/meeting.service.ts';
import { containsText, findPage, istDayRange, listResponse } from './list.ts';
import { collections, type MeetingDoc } from '../../db/collections.ts';

const STORED_SORT = { id: '_id', startsAt: 'startsAt', createdAt: 'createdAt', clientId: 'clientEmail', doctorId: 'doctorEmail' } as const;

const toRecord = (meeting: Meeting) => ({ id: meeting._id, ...meeting });

/** The full meeting history for the admin grid (get-meetings gives admins only a window). */
export function adminMeetingsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', queryParams(adminListQuery.meetings), async (c) => {
      const query = c.req.valid('query');
      const { id, q, clientId, doctorId, from, to } = query.filter;
      const filter: Filter<MeetingDoc> = {};
      if (id) filter._id = { $in: id.map((v) => new ObjectId(v)) };
      if (clientId) filter.clientEmail = clientId;
      if (doctorId) filter.doctorEmail = doctorId;
      const days = istDayRange(from, to);
      if (days) filter.startsAt = days;
      if (q) {
        const text = containsText(q);
        filter.$or = [{ clientEmail: text }, { doctorEmail: text }, { clientName: text }, { doctorName: text }];
      }
      const { docs, total } = await findPage(collections(deps.db).meetings, filter, query, STORED_SORT);
      return listResponse(c, 'meetings', query.range.start, docs.map((d) => toRecord(toMeeting(d))), total);
    })

    .get('/:id', pathParams(adminIdParam), async (c) => {
      const doc = await collections(deps.db).meetings.findOne({ _id: new ObjectId(c.req.valid('param').id) });
      if (!doc) throw notFound(M.notFound);
      return c.json(toRecord(toMeeting(doc)));
    })

    .delete('/:id', pathParams(adminIdParam), async (c) => {
      const admin = requireVerifiedAdmin(c);
      const deleted = await deleteMeeting(deps, admin, new ObjectId(c.req.valid('param').id));
      return c.json(toRecord(deleted));
    });
}
