import { useQuery } from '@tanstack/react-query';
import { Alert, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { meetingInstant, withinHours, type Slot } from '@bh/shared';
import { booking, callBooking } from './bookingApi.ts';

/**
 * Schedule Meetings' help (issue 18): the verified associate's free 90-minute slots on the chosen
 * date, one click fills the time; a typed time outside their hours warns (a clash is still refused
 * by the API when creating).
 */
export function ScheduleSlots({ doctorEmail, date, time, period, onPick }: { doctorEmail: string; date: string; time: string; period: 'AM' | 'PM'; onPick: (slot: Slot) => void }) {
  const translate = useTranslate();
  const ready = doctorEmail !== '' && /^\d{4}-\d{2}-\d{2}$/.test(date);
  const slots = useQuery({
    queryKey: ['slots', doctorEmail, date],
    queryFn: ({ signal }) => callBooking(booking.slots, { query: { doctorId: doctorEmail, date } }, { signal }),
    enabled: ready,
  });
  const hours = useQuery({
    queryKey: ['availability', doctorEmail],
    queryFn: ({ signal }) => callBooking(booking.availability, { query: { doctorId: doctorEmail } }, { signal }),
    enabled: doctorEmail !== '',
  });
  if (!ready) return null;
  const start = /^\d{1,2}:\d{2}$/.test(time) ? meetingInstant(date, `${time} ${period}`) : null;
  const outside = start && slots.data?.hasHours && hours.data && !withinHours(hours.data.availability, start);
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" id="schedule-slots-label">
        {translate('bh.booking.freeSlots')}
      </Typography>
      {slots.data && slots.data.slots.length === 0 ? <Typography color="text.secondary">{translate('bh.booking.slotsNone')}</Typography> : null}
      <Stack direction="row" role="group" aria-labelledby="schedule-slots-label" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {(slots.data?.slots ?? []).map((slot) => (
          <Chip key={slot.startsAt} label={slot.meetingTime} variant="outlined" onClick={() => onPick(slot)} />
        ))}
      </Stack>
      {outside ? <Alert severity="warning">{translate('bh.booking.outsideHours')}</Alert> : null}
    </Stack>
  );
}
