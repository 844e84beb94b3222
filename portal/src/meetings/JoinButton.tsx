import { useId, useState } from 'react';
import { Box, Button, Chip, Stack, Tooltip } from '@mui/material';
import VideocamIcon from '@mui/icons-material/Videocam';
import { useTranslate } from 'react-admin';
import { isJoinWindowOpen, showsJoinNowBadge, type Meeting } from '@bh/shared';
import { openInNewTab } from '../components/openInNewTab.ts';
import { useAccess, usePortalDataProvider } from '../providers/hooks.ts';
import { startOf } from './meetingTime.ts';
import { useInvalidateMeetings } from './useMeetings.ts';

export type JoinTooltip = 'bh.meeting.joinEarlyTooltip' | 'bh.meeting.joinUnavailableTooltip';

/** 'Join Now!' from the start to one hour after it (spec §2.6). */
export function JoinNowBadge({ meeting, now }: { meeting: Meeting; now: Date }) {
  const translate = useTranslate();
  if (!showsJoinNowBadge(startOf(meeting), now)) return null;
  return <Chip size="small" color="success" label={translate('bh.meeting.joinNow')} />;
}

/**
 * Enabled from 5 minutes before the start to 90 minutes after. A click records the join (for
 * participants) and then opens the meeting in a new tab, whether or not the recording worked:
 * a failed recording must never keep anyone out of their session.
 *
 * Outside the window it stays a focusable button marked aria-disabled, described by the reason
 * (a screen reader says 'Join …, unavailable' and why; the tooltip shows the same reason on hover
 * and focus), and a press does nothing. A natively disabled button could not take focus at all.
 */
export function JoinButton({
  meeting,
  now,
  tooltip = 'bh.meeting.joinUnavailableTooltip',
  withBadge = true,
}: {
  meeting: Meeting;
  now: Date;
  tooltip?: JoinTooltip;
  withBadge?: boolean;
}) {
  const translate = useTranslate();
  const { can } = useAccess();
  const dataProvider = usePortalDataProvider();
  const invalidateMeetings = useInvalidateMeetings();
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const open = isJoinWindowOpen(startOf(meeting), now);

  const onJoin = () => {
    if (!open) return;
    setBusy(true);
    const recorded = can('meetings', 'recordJoin')
      ? dataProvider.recordJoin(meeting._id).then(
          () => invalidateMeetings(),
          (error: unknown) => console.error('Recording the meeting join failed', error),
        )
      : Promise.resolve();
    openInNewTab(recorded.then(() => meeting.meetingLink))
      .catch((error: unknown) => console.error('Opening the meeting failed', error))
      .finally(() => setBusy(false));
  };

  const button = (
    <Button
      variant="contained"
      size="small"
      color="primary"
      startIcon={<VideocamIcon />}
      disabled={open && busy}
      onClick={onJoin}
      aria-label={`${translate('bh.meeting.join')} ${meeting.meetingDate} ${meeting.meetingTime}`}
      {...(open ? {} : { 'aria-disabled': true, 'aria-describedby': reasonId })}
      sx={
        open
          ? undefined
          : {
              cursor: 'not-allowed',
              boxShadow: 'none',
              color: 'action.disabled',
              bgcolor: 'action.disabledBackground',
              '&:hover': { bgcolor: 'action.disabledBackground', boxShadow: 'none' },
            }
      }
    >
      {translate('bh.meeting.join')}
    </Button>
  );

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {open ? (
        button
      ) : (
        <>
          {/* The wrapper only carries the tooltip; focus stops on the button inside it. */}
          <Tooltip title={translate(tooltip)} describeChild>
            <span style={{ display: 'inline-flex' }}>{button}</span>
          </Tooltip>
          <Box component="span" id={reasonId} sx={{ display: 'none' }}>
            {translate(tooltip)}
          </Box>
        </>
      )}
      {withBadge ? <JoinNowBadge meeting={meeting} now={now} /> : null}
    </Stack>
  );
}
