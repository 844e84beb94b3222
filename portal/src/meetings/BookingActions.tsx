import { useState, type ReactNode } from 'react';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import {
  bookingOptions,
  CANCEL_REASONS,
  istDateString,
  type CancelReason,
  type Meeting,
  policyActorOf,
  type RefundBand,
  type Slot,
} from '@bh/shared';
import { ApiError } from '../providers/http.ts';
import { useAccess } from '../providers/hooks.ts';
import { booking, callBooking } from './bookingApi.ts';
import { formatJoinTime, startOf } from './meetingTime.ts';
import { SlotPicker } from './SlotPicker.tsx';
import { useInvalidateMeetings } from './useMeetings.ts';

const BAND_KEY: Record<RefundBand, string> = { full: 'bh.booking.bandFull', half: 'bh.booking.bandHalf', none: 'bh.booking.bandNone' };
const CAUSE_KEY: Record<CancelReason, string> = {
  client_request: 'bh.booking.reasonClientRequest',
  associate_unavailable: 'bh.booking.reasonAssociateUnavailable',
  technical_failure: 'bh.booking.reasonTechnicalFailure',
};

/** 'Cancelled', 'Completed', 'No-show (client)' … for a meeting that is no longer scheduled. */
export function MeetingStatusChip({ meeting }: { meeting: Meeting }) {
  const translate = useTranslate();
  if (meeting.status === 'scheduled') return null;
  const key =
    meeting.status === 'cancelled'
      ? 'bh.booking.statusCancelled'
      : meeting.status === 'completed'
        ? 'bh.booking.statusCompleted'
        : meeting.noShowBy === 'associate'
          ? 'bh.booking.noShowAssociate'
          : 'bh.booking.noShowClient';
  return <Chip size="small" color={meeting.status === 'cancelled' ? 'warning' : 'default'} label={translate(key)} />;
}

function useRun(onDone: () => void) {
  const notify = useNotify();
  const invalidate = useInvalidateMeetings();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<{ message: string }>, failedKey: string) => {
    setBusy(true);
    try {
      const answer = await work();
      notify(answer.message, { type: 'success' });
      onDone();
      await invalidate();
    } catch (err) {
      notify(err instanceof ApiError && err.serverMessage ? err.serverMessage : failedKey, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function ChangeDialog({ open, title, onClose, children, confirmLabel, onConfirm, busy, canConfirm }: { open: boolean; title: string; onClose: () => void; children: ReactNode; confirmLabel: string; onConfirm: () => void; busy: boolean; canConfirm: boolean }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="booking-dialog-title">
      <DialogTitle id="booking-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('bh.booking.keep')}</Button>
        <Button variant="contained" disabled={busy || !canConfirm} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Mode = null | 'cancel' | 'reschedule' | 'askReschedule' | 'askCancel';

/**
 * What the signed-in person may do with an upcoming session, from the shared booking policy:
 * a client reschedules (24 h or more ahead) or asks for it, and cancels seeing the refund band
 * before confirming; an associate asks an admin; an admin cancels (naming the cause) or
 * reschedules any scheduled session.
 */
export function BookingActions({ meeting, now }: { meeting: Meeting; now: Date }) {
  const translate = useTranslate();
  const { permissions } = useAccess();
  const actor = policyActorOf(permissions?.role);
  const [mode, setMode] = useState<Mode>(null);
  const [reason, setReason] = useState('');
  const [cause, setCause] = useState<CancelReason>('client_request');
  const [date, setDate] = useState(() => istDateString(new Date(startOf(meeting).getTime() + 24 * 3600_000)));
  const [slot, setSlot] = useState<Slot | null>(null);
  const close = () => {
    setMode(null);
    setReason('');
    setSlot(null);
  };
  const { busy, run } = useRun(close);
  if (!actor || meeting.status !== 'scheduled') return null;
  const options = bookingOptions({ start: startOf(meeting), now, actor, status: meeting.status });
  const band = actor === 'admin' ? (cause === 'client_request' ? options.cancelBand : 'full') : options.cancelBand;
  const id = { meetingId: meeting._id };

  const buttons: ReactNode[] = [];
  if (options.reschedule === 'direct') buttons.push(<Button key="r" size="small" onClick={() => setMode('reschedule')}>{translate('bh.booking.reschedule')}</Button>);
  if (meeting.hasOpenRequest) buttons.push(<Chip key="q" size="small" label={translate('bh.booking.requested')} />);
  else {
    if (options.reschedule === 'request') buttons.push(<Button key="ar" size="small" onClick={() => setMode('askReschedule')}>{translate('bh.booking.askReschedule')}</Button>);
    if (options.cancel === 'request') buttons.push(<Button key="ac" size="small" color="warning" onClick={() => setMode('askCancel')}>{translate('bh.booking.askCancel')}</Button>);
  }
  if (options.cancel === 'direct') buttons.push(<Button key="c" size="small" color="warning" onClick={() => setMode('cancel')}>{translate('bh.booking.cancelSession')}</Button>);
  if (buttons.length === 0) return null;

  const reasonField = <TextField label={translate('bh.booking.reason')} value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2} required />;
  const picker = <SlotPicker doctorEmail={meeting.doctorId} date={date} onDate={(d) => { setDate(d); setSlot(null); }} chosen={slot} onChoose={setSlot} />;

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {buttons}
      <ChangeDialog
        open={mode === 'cancel'}
        title={translate('bh.booking.confirmCancel')}
        onClose={close}
        busy={busy}
        canConfirm={reason.trim() !== ''}
        confirmLabel={translate('bh.booking.cancelSession')}
        onConfirm={() => void run(() => callBooking(booking.cancel, { params: id, body: { reason, ...(actor === 'admin' ? { cause } : {}) } }), 'bh.booking.cancelFailed')}
      >
        {actor === 'admin' ? (
          <TextField select label={translate('bh.booking.cause')} value={cause} onChange={(e) => setCause(e.target.value as CancelReason)}>
            {CANCEL_REASONS.map((c) => (
              <MenuItem key={c} value={c}>
                {translate(CAUSE_KEY[c])}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {band ? (
          <Typography role="status" sx={{ fontWeight: 600 }}>
            {translate('bh.booking.confirmCancelBand', { band: translate(BAND_KEY[band]) })}
          </Typography>
        ) : null}
        {reasonField}
      </ChangeDialog>
      <ChangeDialog
        open={mode === 'reschedule'}
        title={translate('bh.booking.reschedule')}
        onClose={close}
        busy={busy}
        canConfirm={slot !== null && reason.trim() !== ''}
        confirmLabel={translate('bh.booking.confirm')}
        onConfirm={() => void run(() => callBooking(booking.reschedule, { params: id, body: { meetingDate: slot!.meetingDate, meetingTime: slot!.meetingTime, reason } }), 'bh.booking.rescheduleFailed')}
      >
        {picker}
        {reasonField}
      </ChangeDialog>
      <ChangeDialog
        open={mode === 'askReschedule' || mode === 'askCancel'}
        title={translate(mode === 'askCancel' ? 'bh.booking.askCancel' : 'bh.booking.askReschedule')}
        onClose={close}
        busy={busy}
        canConfirm={reason.trim() !== '' && (mode === 'askCancel' || slot !== null)}
        confirmLabel={translate('bh.booking.send')}
        onConfirm={() =>
          void run(
            () =>
              callBooking(booking.request, {
                params: id,
                body: mode === 'askCancel' ? { kind: 'cancel', reason } : { kind: 'reschedule', reason, meetingDate: slot!.meetingDate, meetingTime: slot!.meetingTime },
              }),
            'bh.booking.requestFailed',
          )
        }
      >
        {mode === 'askReschedule' ? picker : null}
        {reasonField}
      </ChangeDialog>
    </Stack>
  );
}

/** After a session: its associate (from the end) or an admin (from the start) records how it went. */
export function AttendanceActions({ meeting, now }: { meeting: Meeting; now: Date }) {
  const translate = useTranslate();
  const { permissions } = useAccess();
  const actor = policyActorOf(permissions?.role);
  const { busy, run } = useRun(() => undefined);
  if (!actor || meeting.status !== 'scheduled') return <MeetingStatusChip meeting={meeting} />;
  if (!bookingOptions({ start: startOf(meeting), now, actor, status: meeting.status }).attendance) return null;
  const mark = (outcome: 'completed' | 'no_show_client' | 'no_show_associate') =>
    void run(() => callBooking(booking.attendance, { params: { meetingId: meeting._id }, body: { outcome } }), 'bh.booking.attendanceSaved');
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <Button size="small" disabled={busy} onClick={() => mark('completed')}>
        {translate('bh.booking.markCompleted')}
      </Button>
      <Button size="small" disabled={busy} color="warning" onClick={() => mark('no_show_client')}>
        {translate('bh.booking.markNoShowClient')}
      </Button>
      <Button size="small" disabled={busy} color="warning" onClick={() => mark('no_show_associate')}>
        {translate('bh.booking.markNoShowAssociate')}
      </Button>
    </Stack>
  );
}

const HISTORY_KEY: Record<Meeting['history'][number]['kind'], string> = {
  rescheduled: 'bh.booking.historyRescheduled',
  cancelled: 'bh.booking.historyCancelled',
  completed: 'bh.booking.historyCompleted',
  no_show: 'bh.booking.historyNoShow',
  requested: 'bh.booking.historyRequested',
  declined: 'bh.booking.historyDeclined',
};

/** Every change of a meeting, oldest first: what, when (India time), who, and the times moved between. */
export function MeetingChanges({ meeting }: { meeting: Meeting }) {
  const translate = useTranslate();
  if (meeting.history.length === 0) return null;
  return (
    <Stack component="ul" spacing={0.25} sx={{ m: 0, pl: 2 }}>
      {meeting.history.map((h, i) => (
        <Typography key={i} component="li" variant="caption">
          {translate(HISTORY_KEY[h.kind])} · {formatJoinTime(h.at)} · {h.by}
          {h.from && h.to ? ` · ${formatJoinTime(h.from)} → ${formatJoinTime(h.to)}` : ''}
          {h.reason ? ` · ${h.reason}` : ''}
        </Typography>
      ))}
    </Stack>
  );
}
