import type { Filter } from 'mongodb';
import { MEETING_MESSAGES as M, type Meeting } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { deleteMeeting, toMeeting } from '../../domain/meetings/meeting.service.ts';
import { containsText, findPage, istDayRange, listResponse } from './list.ts';
import { collections, type MeetingDoc } from '../../db/collections.ts';
import { idOf, idsOf } from '../../lib/ids.ts';

const STORED_SORT = { id: '_id', startsAt: 'startsAt', createdAt: 'createdAt', clientId: 'clientEmail', doctorId: 'doctorEmail' } as const;

const toRecord = (meeting: Meeting) => ({ id: meeting._id, ...meeting });

/** The full meeting history for the admin grid (get-meetings gives admins only a window). */
export function adminMeetingsRoutes(deps: AppDeps) {
  return contractRouter()
    .openapi(routeOf(api.admin.meetings), async (c) => {
      const query = c.req.valid('query');
      const { id, q, clientId, doctorId, from, to } = query.filter;
      const filter: Filter<MeetingDoc> = {};
      if (id) filter._id = { $in: idsOf(id) };
      if (clientId) filter.clientEmail = clientId;
      if (doctorId) filter.doctorEmail = doctorId;
      const days = istDayRange(from, to);
      if (days) filter.startsAt = days;
      if (q) {
        const text = containsText(q);
        filter.$or = [{ clientEmail: text }, { doctorEmail: text }, { clientName: text }, { doctorName: text }];
      }
      const { docs, total } = await findPage(deps.db, collections(deps.db).meetings, filter, query, STORED_SORT, ['startsAt', 'createdAt']);
      return listResponse(c, 'meetings', query.range.start, docs.map((d) => toRecord(toMeeting(d))), total);
    })

    .openapi(routeOf(api.admin.meeting), async (c) => {
      const doc = await collections(deps.db).meetings.findOne({ _id: idOf(c.req.valid('param').id) });
      if (!doc) throw notFound(M.notFound);
      return c.json(toRecord(toMeeting(doc)), 200);
    })

    .openapi(routeOf(api.admin.deleteMeeting), async (c) => {
      const deleted = await deleteMeeting(deps, c.var.account, idOf(c.req.valid('param').id));
      return c.json(toRecord(deleted), 200);
    });
}
