import { useState } from 'react';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify, useTranslate } from 'react-admin';
import type { ChangeRequest } from '@bh/shared';
import { ApiError } from '../providers/http.ts';
import { booking, callBooking } from './bookingApi.ts';
import { formatJoinTime, formatMeetingDate } from './meetingTime.ts';
import { useInvalidateMeetings } from './useMeetings.ts';

const QUERY_KEY = ['booking-requests'] as const;

function RequestCard({ request }: { request: ChangeRequest }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const invalidateMeetings = useInvalidateMeetings();
  const [busy, setBusy] = useState(false);
  const decide = async (approve: boolean) => {
    setBusy(true);
    try {
      const answer = await callBooking(booking.decide, { params: { requestId: request._id }, body: { approve } });
      notify(answer.message, { type: 'success' });
      await Promise.all([queryClient.invalidateQueries({ queryKey: QUERY_KEY }), invalidateMeetings()]);
    } catch (err) {
      notify(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'bh.booking.requestsFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const m = request.meeting;
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, borderRadius: 3, listStyle: 'none' }}>
      <Typography variant="subtitle1">
        {request.kind === 'cancel' ? translate('bh.booking.kindCancel') : translate('bh.booking.kindReschedule', { when: request.proposed ? formatJoinTime(request.proposed.startsAt) : '' })}
      </Typography>
      <Typography variant="body2">
        {formatMeetingDate(m.meetingDate)} · {m.meetingTime} · {m.clientName} / {m.doctorName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {request.by} · {formatJoinTime(request.createdAt)} · {request.reason}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button variant="contained" size="small" disabled={busy} onClick={() => void decide(true)}>
          {translate('bh.booking.approve')}
        </Button>
        <Button size="small" disabled={busy} onClick={() => void decide(false)}>
          {translate('bh.booking.decline')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The admins' queue of change requests (issue 18), oldest first, at /admin/booking-requests. */
export default function RequestsQueue() {
  const translate = useTranslate();
  const requests = useQuery({ queryKey: QUERY_KEY, queryFn: ({ signal }) => callBooking(booking.requests, {}, { signal }) });
  return (
    <Stack spacing={2} sx={{ maxWidth: 840, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1">
        {translate('bh.booking.requestsTitle')}
      </Typography>
      {requests.isPending ? <Loading /> : null}
      {requests.isError ? <Alert severity="error">{translate('bh.booking.requestsFailed')}</Alert> : null}
      {requests.data?.requests.length === 0 ? <Typography color="text.secondary">{translate('bh.booking.noRequests')}</Typography> : null}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {requests.data?.requests.map((r) => <RequestCard key={r._id} request={r} />)}
      </Stack>
    </Stack>
  );
}
