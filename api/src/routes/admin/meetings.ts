import { MEETING_MESSAGES as M } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { idOf } from '../../lib/ids.ts';
import { meetingRow, meetingsPage, toMeetingRow } from '../../domain/admin/grids.ts';
import { deleteMeeting } from '../../domain/meetings/meeting.service.ts';
import { listResponse } from './list.ts';

/** /admin/meetings: the full meeting history for the admin grid (get-meetings gives admins only a window). */
export function adminMeetingsRoutes(deps: AppDeps) {
  const listMeetings: Handler<typeof api.admin.meetings> = async (c) => {
    const query = c.req.valid('query');
    return listResponse(c, 'meetings', query.range.start, await meetingsPage(deps, query));
  };

  const showMeeting: Handler<typeof api.admin.meeting> = async (c) => {
    const row = await meetingRow(deps, idOf(c.req.valid('param').id));
    if (!row) throw notFound(M.notFound);
    return c.json(row, 200);
  };

  const removeMeeting: Handler<typeof api.admin.deleteMeeting> = async (c) => {
    const deleted = await deleteMeeting(deps, c.var.account, idOf(c.req.valid('param').id));
    return c.json(toMeetingRow(deleted), 200);
  };

  return contractRouter()
    .openapi(routeOf(api.admin.meetings), listMeetings)
    .openapi(routeOf(api.admin.meeting), showMeeting)
    .openapi(routeOf(api.admin.deleteMeeting), removeMeeting);
}
