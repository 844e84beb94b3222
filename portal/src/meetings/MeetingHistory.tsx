import { Alert, Button, Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/ManageSearch';
import { LinkBase, Loading, useTranslate } from 'react-admin';
import { dashboardState, type Meeting } from '@bh/shared';
import { useNow } from '../components/useNow.ts';
import { useAccess } from '../providers/hooks.ts';
import { JoinButton } from './JoinButton.tsx';
import { formatJoinTime, formatMeetingDate, startOf } from './meetingTime.ts';
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
  const translate = useTranslate();
  const now = useNow(1000);
  const { can } = useAccess();
  const meetings = useMeetings(true);
  const showBoth = can('meetings', 'viewParticipants');
  const showJoinTimes = can('meetings', 'viewJoinTimes');

  if (meetings.isPending) return <Loading />;
  if (meetings.isError) return <Alert severity="error">{translate('bh.dashboard.loadFailed')}</Alert>;
  const rows: Meeting[] = [...meetings.data].reverse();

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
          <TableContainer>
            <Table size="small" aria-label={translate('bh.history.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('bh.dashboard.columns.date')}</TableCell>
                  <TableCell>{translate('bh.dashboard.columns.time')}</TableCell>
                  <TableCell>{translate('bh.dashboard.columns.client')}</TableCell>
                  {showBoth ? <TableCell>{translate('bh.dashboard.columns.associate')}</TableCell> : null}
                  <TableCell>{translate('bh.history.status')}</TableCell>
                  {showJoinTimes ? (
                    <>
                      <TableCell>{translate('bh.dashboard.columns.userJoined')}</TableCell>
                      <TableCell>{translate('bh.dashboard.columns.associateJoined')}</TableCell>
                    </>
                  ) : null}
                  <TableCell>{translate('bh.dashboard.columns.report')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((meeting) => {
                  const upcoming = dashboardState(startOf(meeting), now) === 'upcoming';
                  return (
                    <TableRow key={meeting._id} hover>
                      <TableCell>{formatMeetingDate(meeting.meetingDate)}</TableCell>
                      <TableCell>{meeting.meetingTime}</TableCell>
                      <TableCell>
                        {meeting.clientName}
                        {showBoth ? (
                          <Typography variant="caption" color="text.secondary" component="div">
                            {meeting.clientId}
                          </Typography>
                        ) : null}
                      </TableCell>
                      {showBoth ? (
                        <TableCell>
                          {meeting.doctorName}
                          <Typography variant="caption" color="text.secondary" component="div">
                            {meeting.doctorId}
                          </Typography>
                        </TableCell>
                      ) : null}
                      <TableCell>
                        {upcoming ? (
                          <JoinButton meeting={meeting} now={now} />
                        ) : (
                          <Chip size="small" label={translate('bh.meeting.meetingEnded')} />
                        )}
                      </TableCell>
                      {showJoinTimes ? (
                        <>
                          <TableCell>{formatJoinTime(meeting.userJoinedAt) ?? translate('bh.meeting.notJoined')}</TableCell>
                          <TableCell>{formatJoinTime(meeting.docJoinedAt) ?? translate('bh.meeting.notJoined')}</TableCell>
                        </>
                      ) : null}
                      <TableCell>{upcoming && startOf(meeting) > now ? null : <ReportActions meeting={meeting} />}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </>
  );
}
