import { OUTBOX_MESSAGES } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { Handler } from '../../lib/handler.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { idOf } from '../../lib/ids.ts';
import { meetingCalendar } from '../../mail/calendar.ts';
import { addressOf } from '../../mail/transport.ts';
import { meetingSeenBy } from '../../domain/meetings/meeting.service.ts';

/**
 * 'Add to calendar': GET /meeting/{meetingId}/calendar.ics, for the meeting's two participants and
 * verified admins (DESIGN §5). The UID is the one in the emailed invites, so a later cancellation
 * email removes the event this file added. Someone else's meeting is "not found".
 */
export function calendarRoutes(deps: AppDeps) {

  const meetingIcs: Handler<typeof api.calendar.meetingIcs> = async (c) => {
    const user = c.var.account;
    const meeting = await meetingSeenBy(deps, user, idOf(c.req.valid('param').meetingId), OUTBOX_MESSAGES.calendarNotFound);
    const ics = meetingCalendar(
      {
        meetingId: meeting._id.toHexString(),
        startsAt: meeting.startsAt,
        meetingLink: meeting.meetingLink,
        clientName: meeting.clientName,
        clientEmail: meeting.clientEmail,
        doctorName: meeting.doctorName,
        doctorEmail: meeting.doctorEmail,
      },
      { method: 'PUBLISH', sequence: meeting.sequence ?? 0, origin: deps.config.publicOrigin, organizerEmail: addressOf(deps.config.mailFrom), stamp: deps.clock.now() },
    );
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="better-health-session-${meeting.meetingDate}.ics"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(ics, 200);
  };

  return contractRouter().openapi(routeOf(api.calendar.meetingIcs), meetingIcs);
}
