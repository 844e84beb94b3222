import { useQuery } from '@tanstack/react-query';
import { Box, Chip, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Slot } from '@bh/shared';
import { booking, callBooking } from './bookingApi.ts';
import { formatMeetingDay } from './meetingTime.ts';

/** Heard, not seen: the chips already show the slots. */
const HEARD_ONLY = { position: 'absolute', width: 1, height: 1, p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/** A date and the BH Associate's free 90-minute slots on it (GET /meeting/slots). */
export function SlotPicker({ doctorEmail, date, onDate, chosen, onChoose }: { doctorEmail: string; date: string; onDate: (date: string) => void; chosen: Slot | null; onChoose: (slot: Slot) => void }) {
  const translate = useTranslate();
  const slots = useQuery({
    queryKey: ['slots', doctorEmail, date],
    queryFn: ({ signal }) => callBooking(booking.slots, { query: { doctorId: doctorEmail, date } }, { signal }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) && doctorEmail !== '',
  });
  // What a newly picked date offers, said politely once its slots arrive ('4 free times on …'):
  // the chips change silently otherwise.
  const day = formatMeetingDay(date);
  const news = slots.isError
    ? translate('bh.booking.slotsFailed')
    : slots.data
      ? slots.data.slots.length === 0
        ? translate('bh.booking.slotsNoneOn', { date: day })
        : translate('bh.booking.slotsOn', { smart_count: slots.data.slots.length, date: day })
      : '';
  return (
    <Stack spacing={1}>
      <Box role="status" aria-live="polite" aria-atomic="true" sx={HEARD_ONLY}>
        {news}
      </Box>
      <TextField type="date" label={translate('bh.booking.date')} value={date} onChange={(e) => onDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
      <Typography variant="subtitle2" id="free-slots-label">
        {translate('bh.booking.freeSlots')}
      </Typography>
      {slots.isError ? (
        <Typography color="error">{translate('bh.booking.slotsFailed')}</Typography>
      ) : slots.data && slots.data.slots.length === 0 ? (
        <Typography color="text.secondary">{translate('bh.booking.slotsNone')}</Typography>
      ) : (
        <Stack direction="row" role="group" aria-labelledby="free-slots-label" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {(slots.data?.slots ?? []).map((slot) => (
            <Chip
              key={slot.startsAt}
              label={slot.meetingTime}
              color={chosen?.startsAt === slot.startsAt ? 'primary' : 'default'}
              variant={chosen?.startsAt === slot.startsAt ? 'filled' : 'outlined'}
              onClick={() => onChoose(slot)}
              aria-pressed={chosen?.startsAt === slot.startsAt}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
