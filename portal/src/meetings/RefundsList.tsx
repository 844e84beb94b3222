import { useState } from 'react';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify, useTranslate } from 'react-admin';
import type { Refund, RefundBand } from '@bh/shared';
import { ApiError } from '../providers/http.ts';
import { booking, callBooking } from './bookingApi.ts';
import { formatJoinTime } from './meetingTime.ts';

const QUERY_KEY = ['refunds-due'] as const;
const BAND_KEY: Record<RefundBand, string> = { full: 'bh.booking.bandFull', half: 'bh.booking.bandHalf', none: 'bh.booking.bandNone' };

function RefundCard({ refund }: { refund: Refund }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const mark = async () => {
    setBusy(true);
    try {
      const answer = await callBooking(booking.markRefund, { params: { refundId: refund._id }, body: { reference } });
      notify(answer.message, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    } catch (err) {
      notify(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'bh.booking.refundsFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, borderRadius: 3, listStyle: 'none' }}>
      <Typography variant="subtitle1">
        {translate(BAND_KEY[refund.band])} · {refund.clientName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {refund.clientEmail} · {refund.doctorName} · {formatJoinTime(refund.startsAt)} · {formatJoinTime(refund.cancelledAt)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <TextField size="small" label={translate('bh.booking.reference')} value={reference} onChange={(e) => setReference(e.target.value)} />
        <Button variant="contained" size="small" disabled={busy || reference.trim() === ''} onClick={() => void mark()}>
          {translate('bh.booking.markRefunded')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Refunds to make in the payment provider (issue 18), newest first, at /admin/refunds. */
export default function RefundsList() {
  const translate = useTranslate();
  const refunds = useQuery({ queryKey: QUERY_KEY, queryFn: ({ signal }) => callBooking(booking.refunds, { query: { status: 'due' } }, { signal }) });
  return (
    <Stack spacing={2} sx={{ maxWidth: 840, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1">
        {translate('bh.booking.refundsTitle')}
      </Typography>
      {refunds.isPending ? <Loading /> : null}
      {refunds.isError ? <Alert severity="error">{translate('bh.booking.refundsFailed')}</Alert> : null}
      {refunds.data?.refunds.length === 0 ? <Typography color="text.secondary">{translate('bh.booking.noRefunds')}</Typography> : null}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {refunds.data?.refunds.map((r) => <RefundCard key={r._id} refund={r} />)}
      </Stack>
    </Stack>
  );
}
