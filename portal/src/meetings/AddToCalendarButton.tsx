import { IconButton, Tooltip } from '@mui/material';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { useTranslate } from 'react-admin';
import { formatIstWithZone, type Meeting } from '@bh/shared';
import { calendar } from '@bh/shared/contract/calendar';
import { client } from '../providers/http.ts';
import { startOf } from './meetingTime.ts';

/** The session's .ics (GET /meeting/{id}/calendar.ics): same UID as the emailed invite, so a cancellation removes it. */
export function calendarFileUrl(meeting: Pick<Meeting, '_id'>): string {
  return client.url(calendar.meetingIcs, { params: { meetingId: meeting._id } });
}

/** 'Add to calendar' on an upcoming session: a plain download link, so it works in every browser. */
export function AddToCalendarButton({ meeting }: { meeting: Meeting }) {
  const translate = useTranslate();
  const label = translate('bh.calendar.addLabel', { when: formatIstWithZone(startOf(meeting)) });
  return (
    <Tooltip title={translate('bh.calendar.add')}>
      <IconButton component="a" href={calendarFileUrl(meeting)} download aria-label={label} size="small" color="primary">
        <EventAvailableIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
