import { Fragment, useState } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import CelebrationIcon from '@mui/icons-material/Celebration';
import { Loading, Title, useLocation, useTranslate } from 'react-admin';
import { dashboardState } from '@bh/shared';
import { Later } from '../components/Later.tsx';
import { QueryState } from '../components/QueryState.tsx';
import { useMinuteNow } from '../components/useNow.ts';
import { startOf } from '../meetings/meetingTime.ts';
import { useMeetings } from '../meetings/useMeetings.ts';
import { isLocked } from '../providers/canAccess.ts';
import { useAccess, usePortalIdentity } from '../providers/hooks.ts';
import { ActionArea } from './ActionArea.tsx';
import { DashboardHeader } from './DashboardHeader.tsx';
import { LockedPanel } from './LockedPanel.tsx';
import { NextMeetingCard } from './NextMeetingCard.tsx';
import { SessionsTable } from './SessionsTable.tsx';

/** The dashboard of spec §2.6 for clients, associates and admins. */
export default function Dashboard() {
  // The lists change on whole minutes; only the next meeting's countdown ticks each second (NextMeetingCard).
  const now = useMinuteNow();
  const { identity, isPending: identityPending } = usePortalIdentity();
  const { can, permissions, isPending: permissionsPending } = useAccess();
  const canList = can('meetings', 'list');
  const meetings = useMeetings(canList);
  // The upcoming sessions are the dashboard's first data. They wait for a render of their own
  // (`Later`) only in the portal's first render, on the page the browser opened (react-router's
  // first location is keyed 'default'), where the shell, the greeting and the next meeting come in
  // the same commit. Reached within the portal (the Login click, the menu), the shell is up
  // already, and the sessions come in the same commit as the next meeting: a render and a frame
  // sooner (issue 52).
  const opened = useLocation().key === 'default';
  const [UpcomingWhen] = useState(() => (opened ? Later : Fragment));

  if (identityPending || permissionsPending) return <Loading />;

  const all = meetings.data ?? [];
  // A cancelled session leaves the upcoming list (issue 18); staff see it, marked, among the past.
  const upcoming = all.filter((m) => m.status !== 'cancelled' && dashboardState(startOf(m), now) === 'upcoming');
  // Newest first, so 'Session #' counts down from the latest to 1.
  const past = all.filter((m) => m.status === 'cancelled' || dashboardState(startOf(m), now) === 'past').reverse();
  const next = upcoming[0];

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1280, width: '100%', mx: 'auto' }}>
      <Title title="bh.menu.dashboard" />
      <Stack spacing={2}>
        <DashboardHeader identity={identity} now={now} />
        <ActionArea />
        {isLocked(permissions) && identity ? (
          <LockedPanel status={identity.isVerified} rejectionReason={identity.rejectionReason} />
        ) : null}
        {canList ? (
          <QueryState query={meetings} errorKey="bh.dashboard.loadFailed" retryKey="bh.dashboard.retry" loading={<Loading />}>
            {() => (
              <>
                {next ? <NextMeetingCard meeting={next} /> : <AllCaughtUp />}
                <UpcomingWhen>
                  {upcoming.length > 0 ? <SessionsTable kind="upcoming" meetings={upcoming} now={now} /> : null}
                  <Later>{can('meetings', 'listPast') ? <SessionsTable kind="past" meetings={past} now={now} /> : null}</Later>
                </UpcomingWhen>
              </>
            )}
          </QueryState>
        ) : null}
      </Stack>
    </Box>
  );
}

function AllCaughtUp() {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 4, borderRadius: 3, textAlign: 'center' }}>
      <CelebrationIcon color="primary" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {translate('bh.dashboard.allCaughtUp')}
      </Typography>
      <Typography color="text.secondary">{translate('bh.dashboard.noUpcoming')}</Typography>
    </Paper>
  );
}
