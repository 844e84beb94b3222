import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/ManageSearch';
import { LinkBase, Loading, useTranslate } from 'react-admin';
import { dashboardState, type Meeting } from '@bh/shared';
import { Email } from '../components/Email.tsx';
import { QueryState } from '../components/QueryState.tsx';
import { useMinuteNow } from '../components/useNow.ts';
import { useAccess } from '../providers/hooks.ts';
import { MeetingChanges, MeetingStatusChip } from './BookingActions.tsx';
import { JoinButton } from './JoinButton.tsx';
import { formatJoinTime, formatMeetingDate, startOf } from './meetingTime.ts';
import { RecordList, type RecordColumn } from './RecordList.tsx';
import { ReportActions } from './ReportActions.tsx';
import { StaffPage } from './StaffPage.tsx';
import { useMeetings } from './useMeetings.ts';

/**
 * /meetinghistory: every meeting of a verified associate (or, for admins, the window the API
 * returns), newest first, with reports; join times only for admins.
 */
export default function MeetingHistory() {
  return (
    <StaffPage titleKey="bh.history.title" resource="meetingHistory" action="view">
      <HistoryTable />
    </StaffPage>
  );
}

function HistoryTable() {
  const meetings = useMeetings(true);
  return (
    <QueryState query={meetings} errorKey="bh.dashboard.loadFailed" retryKey={null} loading={<Loading />}>
      {(data) => <HistoryRows meetings={data} />}
    </QueryState>
  );
}

function HistoryRows({ meetings }: { meetings: Meeting[] }) {
  const translate = useTranslate();
  const now = useMinuteNow();
  const { can } = useAccess();
  const showBoth = can('meetings', 'viewParticipants');
  const showJoinTimes = can('meetings', 'viewJoinTimes');

  const rows: Meeting[] = [...meetings].reverse();
  const upcoming = (meeting: Meeting) => dashboardState(startOf(meeting), now) === 'upcoming';

  const person = (name: string, email: string) => (
    <Box>
      {name}
      {showBoth ? (
        <Typography variant="caption" color="text.secondary" component="div">
          <Email address={email} />
        </Typography>
      ) : null}
    </Box>
  );
  const columns: RecordColumn<Meeting>[] = [
    { key: 'date', label: translate('bh.dashboard.columns.date'), render: (m) => formatMeetingDate(m.meetingDate), noWrap: true },
    { key: 'time', label: translate('bh.dashboard.columns.time'), render: (m) => m.meetingTime, noWrap: true },
    { key: 'client', label: translate('bh.dashboard.columns.client'), render: (m) => person(m.clientName, m.clientId) },
  ];
  if (showBoth) {
    columns.push({ key: 'associate', label: translate('bh.dashboard.columns.associate'), render: (m) => person(m.doctorName, m.doctorId) });
  }
  columns.push({
    key: 'status',
    label: translate('bh.history.status'),
    render: (m) =>
      m.status !== 'scheduled' ? (
        <MeetingStatusChip meeting={m} />
      ) : upcoming(m) ? (
        <JoinButton meeting={m} now={now} />
      ) : (
        <Chip size="small" label={translate('bh.meeting.meetingEnded')} />
      ),
  });
  // Every change: reschedules, cancellation, attendance, requests (issue 18).
  columns.push({ key: 'changes', label: translate('bh.booking.history'), render: (m) => <MeetingChanges meeting={m} /> });
  if (showJoinTimes) {
    columns.push(
      {
        key: 'userJoined',
        label: translate('bh.dashboard.columns.userJoined'),
        render: (m) => formatJoinTime(m.userJoinedAt) ?? translate('bh.meeting.notJoined'),
      },
      {
        key: 'docJoined',
        label: translate('bh.dashboard.columns.associateJoined'),
        render: (m) => formatJoinTime(m.docJoinedAt) ?? translate('bh.meeting.notJoined'),
      },
    );
  }
  columns.push({
    key: 'report',
    label: translate('bh.dashboard.columns.report'),
    render: (m) => (upcoming(m) && startOf(m) > now ? null : <ReportActions meeting={m} />),
  });

  return (
    <>
      <Typography color="text.secondary">{translate('bh.history.intro')}</Typography>
      {can('meetingsLookup', 'search') ? (
        <div>
          <Button component={LinkBase} to="/meetings" startIcon={<SearchIcon />}>
            {translate('bh.history.lookupLink')}
          </Button>
        </div>
      ) : null}
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('bh.history.empty')}
          </Typography>
        ) : (
          <RecordList records={rows} columns={columns} recordKey={(m) => m._id} label={translate('bh.history.title')} />
        )}
      </Paper>
    </>
  );
}
