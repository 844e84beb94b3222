import { meetingIdParam } from '../schemas/index.ts';
import { defineOperation, errorReply, fileReply } from './define.ts';

/** 'Add to calendar': a meeting as an iCalendar file. */
export const calendar = {
  meetingIcs: defineOperation({
    operationId: 'meetingCalendar',
    method: 'get',
    path: '/meeting/{meetingId}/calendar.ics',
    tags: ['Meeting'],
    summary: 'Add to calendar: the session as an .ics file',
    description:
      'An iCalendar file (METHOD:PUBLISH) with the same UID as the emailed invitations: 90 minutes in Asia/Kolkata, the meeting link as location and URL. Someone else\'s meeting is "not found".',
    access: 'meetingCalendar',
    request: { params: meetingIdParam },
    responses: {
      200: fileReply('The calendar file: an iCalendar (RFC 5545) file.', ['text/calendar'], {
        'Content-Disposition': 'attachment; filename="better-health-session-YYYY-MM-DD.ics"',
      }),
      404: errorReply("No such meeting among the caller's."),
    },
  }),
};
