import { Box, Paper, Stack, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { useTranslate } from 'react-admin';
import { countdownParts, type Meeting } from '@bh/shared';
import { useMinuteNow, useNow } from '../components/useNow.ts';
import { JoinButton } from '../meetings/JoinButton.tsx';
import { formatMeetingDate, startOf } from '../meetings/meetingTime.ts';
import { useAccess } from '../providers/hooks.ts';

/**
 * The soonest upcoming meeting with a live 'Starts in' countdown, 'Started' once it has begun.
 * Only the countdown renders each second; the rest of the card, like the lists, on whole minutes.
 */
export function NextMeetingCard({ meeting }: { meeting: Meeting }) {
  const translate = useTranslate();
  const { can, permissions } = useAccess();
  const now = useMinuteNow();
  const withWhom = can('meetings', 'viewParticipants')
    ? translate('bh.dashboard.withBoth', { client: meeting.clientName, associate: meeting.doctorName })
    : permissions?.role === 'user'
      ? translate('bh.dashboard.withAssociate', { name: meeting.doctorName })
      : translate('bh.dashboard.withClient', { name: meeting.clientName });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="next-meeting-title" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography id="next-meeting-title" variant="overline" color="primary" sx={{ fontWeight: 700 }}>
            {translate('bh.dashboard.nextMeeting')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <EventIcon color="action" />
            <Typography variant="h6" component="p">
              {formatMeetingDate(meeting.meetingDate)} · {meeting.meetingTime}
            </Typography>
          </Stack>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {withWhom}
          </Typography>
          <Box sx={{ mt: 2 }}>
            <JoinButton meeting={meeting} now={now} tooltip="bh.meeting.joinEarlyTooltip" />
          </Box>
        </Box>
        <Box role="timer" aria-live="off" aria-label={translate('bh.dashboard.startsIn')}>
          <Typography variant="subtitle2" component="p" color="text.secondary">
            {translate('bh.dashboard.startsIn')}
          </Typography>
          <Countdown start={startOf(meeting)} />
        </Box>
      </Stack>
    </Paper>
  );
}

/** The part of the card that ticks each second. */
function Countdown({ start }: { start: Date }) {
  const translate = useTranslate();
  const parts = countdownParts(start, useNow(1000));
  return parts.started ? (
    <Typography variant="h5" component="p" color="success.main" sx={{ fontWeight: 700 }}>
      {translate('bh.dashboard.started')}
    </Typography>
  ) : (
    <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
      <CountdownUnit value={parts.days} labelKey="bh.dashboard.days" />
      <CountdownUnit value={parts.hours} labelKey="bh.dashboard.hours" />
      <CountdownUnit value={parts.minutes} labelKey="bh.dashboard.minutes" />
      <CountdownUnit value={parts.seconds} labelKey="bh.dashboard.seconds" />
    </Stack>
  );
}

function CountdownUnit({ value, labelKey }: { value: number; labelKey: string }) {
  const translate = useTranslate();
  const label = translate(labelKey);
  return (
    <Box
      data-testid={`countdown-${labelKey.split('.').pop() ?? ''}`}
      sx={{ minWidth: 58, textAlign: 'center', bgcolor: 'action.hover', borderRadius: 2, py: 0.75, px: 1 }}
    >
      <Typography variant="h5" component="span" sx={{ fontWeight: 700, display: 'block', fontVariantNumeric: 'tabular-nums' }}>
        {String(value).padStart(2, '0')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}
