import { meetingIdParam } from '../schemas/index.ts';
import { fileReply, operations } from './define.ts';

const op = operations('Meeting');

/** 'Add to calendar': a meeting as an iCalendar file. */
export const calendar = {
  meetingIcs: op('GET /meeting/{meetingId}/calendar.ics', 'meetingCalendar', { access: 'meetingCalendar', summary: 'Add to calendar: the session as an .ics file', params: meetingIdParam,
    description: 'An iCalendar file (METHOD:PUBLISH) with the same UID as the emailed invitations: 90 minutes in Asia/Kolkata, the meeting link as location and URL. Someone else\'s meeting is "not found".',
    responses: {
      200: fileReply('The calendar file: an iCalendar (RFC 5545) file.', ['text/calendar'], { 'Content-Disposition': 'attachment; filename="better-health-session-YYYY-MM-DD.ics"' }),
      404: "No such meeting among the caller's.",
    },
  }),
};
