import { useEffect, useState } from 'react';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { availabilitySchema, WEEKDAYS, type Availability, type Weekday } from '@bh/shared';
import { ApiError } from '../providers/http.ts';
import { LabelAbove } from '../components/LabelAbove.tsx';
import { useAccess } from '../providers/hooks.ts';
import { booking, callBooking } from '../meetings/bookingApi.ts';

type Texts = Record<Weekday, string> & { daysOff: string };

/** '10:00-13:00, 14:00-19:00' ⇄ ranges; the shared schema checks what comes out. */
const toText = (a: Availability): Texts => ({
  ...(Object.fromEntries(WEEKDAYS.map((d) => [d, a.weekly[d].map((r) => `${r.start}-${r.end}`).join(', ')])) as Record<Weekday, string>),
  daysOff: a.daysOff.join(', '),
});
const split = (text: string) => text.split(',').map((p) => p.trim()).filter(Boolean);
const fromText = (t: Texts) => ({
  weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, split(t[d]).map((r) => ({ start: r.split('-')[0]?.trim() ?? '', end: r.split('-')[1]?.trim() ?? '' }))])),
  daysOff: split(t.daysOff),
});

/**
 * A BH Associate's weekly hours and days off in India time (issue 18), at /availability; a
 * verified admin edits anyone's by email. Slots for Schedule Meetings and reschedules come from it.
 */
export default function AvailabilityPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { permissions } = useAccess();
  const isAdmin = permissions?.role === 'admin';
  const [email, setEmail] = useState('');
  const [asked, setAsked] = useState('');
  const query = useQuery({
    queryKey: ['availability', asked],
    queryFn: ({ signal }) => callBooking(booking.availability, asked ? { query: { doctorId: asked } } : {}, { signal }),
    enabled: !isAdmin || asked !== '',
  });
  const [texts, setTexts] = useState<Texts | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (query.data) setTexts(toText(query.data.availability));
  }, [query.data]);

  const save = async () => {
    if (!texts) return;
    const parsed = availabilitySchema.safeParse(fromText(texts));
    if (!parsed.success) {
      setErrors([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    setErrors([]);
    setBusy(true);
    try {
      const answer = await callBooking(booking.setAvailability, { ...(asked ? { query: { doctorId: asked } } : {}), body: parsed.data });
      notify(answer.message ?? 'bh.booking.availabilitySaved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['availability', asked] });
    } catch (err) {
      notify(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'bh.booking.availabilityFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1">
        {translate('bh.booking.availabilityTitle')}
      </Typography>
      <Typography color="text.secondary">{translate('bh.booking.availabilityIntro')}</Typography>
      {isAdmin ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} component="form" onSubmit={(e) => { e.preventDefault(); setAsked(email.trim().toLowerCase()); }}>
          <TextField type="email" label={translate('bh.booking.associateEmail')} value={email} onChange={(e) => setEmail(e.target.value)} sx={{ flex: 1 }} />
          <Button type="submit" variant="outlined">
            {translate('bh.booking.load')}
          </Button>
        </Stack>
      ) : null}
      {query.isError ? <Alert severity="error">{query.error instanceof ApiError && query.error.serverMessage ? query.error.serverMessage : translate('bh.booking.availabilityFailed')}</Alert> : null}
      {texts ? (
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
          <Stack spacing={2}>
            {query.data ? <Typography variant="subtitle1">{query.data.doctorName}</Typography> : null}
            {WEEKDAYS.map((d) => (
              <LabelAbove key={d} htmlFor={`hours-${d}`} label={`${translate(`bh.booking.days.${d}`)} — ${translate('bh.booking.availabilityDay')}`}>
                <TextField id={`hours-${d}`} size="small" value={texts[d]} onChange={(e) => setTexts({ ...texts, [d]: e.target.value })} />
              </LabelAbove>
            ))}
            <LabelAbove htmlFor="hours-days-off" label={translate('bh.booking.daysOff')}>
              <TextField id="hours-days-off" size="small" value={texts.daysOff} onChange={(e) => setTexts({ ...texts, daysOff: e.target.value })} />
            </LabelAbove>
            {errors.length > 0 ? <Alert severity="error">{errors.join(' · ')}</Alert> : null}
            <Button variant="contained" disabled={busy} onClick={() => void save()} sx={{ alignSelf: 'flex-start' }}>
              {translate('bh.booking.saveHours')}
            </Button>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
