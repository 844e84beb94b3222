import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  List,
  ListItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useNotify, useTranslate } from 'react-admin';
import { isHttpUrl, lookupState, meetingLookupRequest, type Meeting, type MeetingLookupRequest } from '@bh/shared';
import { MeetingStatusChip } from './BookingActions.tsx';
import { useMinuteNow } from '../components/useNow.ts';
import { serverMessageOr } from '../providers/http.ts';
import { useAccess, usePortalDataProvider } from '../providers/hooks.ts';
import { Email } from '../components/Email.tsx';
import { muiField } from '../components/muiField.ts';
import { formatJoinTime, formatMeetingDate, formatMeetingDay, meetingWeekday, sortByStart, startOf } from './meetingTime.ts';
import { RecordList, type RecordColumn } from './RecordList.tsx';
import { StaffPage } from './StaffPage.tsx';

/** The meetings lookup (spec §2.8): a user's meetings by their Better Health ID. */
export default function MeetingsLookup() {
  return (
    <StaffPage titleKey="bh.lookup.title" resource="meetingsLookup" action="search">
      <Lookup />
    </StaffPage>
  );
}

function Lookup() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const now = useMinuteNow();
  const { can } = useAccess();
  const showJoinTimes = can('meetingsLookup', 'viewJoinTimes');
  const [result, setResult] = useState<Meeting[] | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    setFocus,
    formState: { isSubmitting: busy, errors },
  } = useForm<MeetingLookupRequest, unknown, MeetingLookupRequest>({
    resolver: zodResolver(meetingLookupRequest),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const problem = errors.email?.message;

  // The field's problem is said in a toast, as the spec's lookup does, and stays beside the field
  // (invalid and described by it), where the focus goes, so it is read out and fixed in place.
  const refused = (found: FieldErrors<MeetingLookupRequest>) => {
    notify(found.email?.message ?? 'bh.lookup.inputRequired', { type: 'error' });
    setFocus('email');
  };

  const search = async (body: MeetingLookupRequest) => {
    const shown = getValues('email').trim();
    try {
      const res = await dataProvider.lookupMeetings(body);
      const meetings = sortByStart(res.meetings);
      setResult(meetings);
      if (meetings.length === 0) notify('bh.lookup.noneFound', { type: 'info', messageArgs: { input: shown } });
      else notify('bh.lookup.found', { type: 'success', messageArgs: { count: meetings.length, input: shown } });
    } catch (error) {
      setResult(null);
      const message = serverMessageOr(error, translate('bh.lookup.failed'));
      notify(message, { type: 'error' });
      setError('email', { type: 'server', message }, { shouldFocus: true });
    }
  };

  // Cancelled meetings are history, shown as 'Cancelled' among the past ones (issue 18).
  const upcoming = (result ?? []).filter((m) => m.status !== 'cancelled' && lookupState(startOf(m), now) !== 'past');
  const past = (result ?? []).filter((m) => m.status === 'cancelled' || lookupState(startOf(m), now) === 'past').reverse();

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
        <Stack component="form" noValidate onSubmit={(e) => void handleSubmit(search, refused)(e)} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            {...muiField(register('email'))}
            id="lookup-email"
            type="email"
            placeholder={translate('bh.lookup.placeholder')}
            slotProps={{ htmlInput: { 'aria-label': translate('bh.lookup.placeholder') } }}
            size="small"
            fullWidth
            error={problem !== undefined}
            helperText={problem === undefined ? undefined : translate(problem, { _: problem })}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SearchIcon />}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {translate('bh.lookup.search')}
          </Button>
        </Stack>
      </Paper>
      {result ? (
        <>
          <UpcomingTable meetings={upcoming} now={now} showJoinTimes={showJoinTimes} />
          <PastList meetings={past} showJoinTimes={showJoinTimes} />
        </>
      ) : null}
    </>
  );
}

function JoinTimeText({ instant }: { instant: string | null }) {
  const translate = useTranslate();
  return <>{formatJoinTime(instant) ?? translate('bh.meeting.notJoined')}</>;
}

/** 'Upcoming Meetings' (spec §2.8): a table, or cards on a phone. */
function UpcomingTable({ meetings, now, showJoinTimes }: { meetings: Meeting[]; now: Date; showJoinTimes: boolean }) {
  const translate = useTranslate();
  const columns: RecordColumn<Meeting>[] = [
    { key: 'date', label: translate('bh.lookup.meetingDate'), render: (m) => formatMeetingDate(m.meetingDate), noWrap: true },
    {
      key: 'time',
      label: translate('bh.lookup.meetingTime'),
      noWrap: true,
      render: (m) =>
        lookupState(startOf(m), now) === 'ongoing' ? <Chip size="small" color="success" label={translate('bh.lookup.joinNow')} /> : m.meetingTime,
    },
    { key: 'day', label: translate('bh.lookup.meetingDay'), render: (m) => meetingWeekday(m.meetingDate) },
    { key: 'doctor', label: translate('bh.lookup.doctorEmail'), render: (m) => <Email address={m.doctorId} /> },
  ];
  if (showJoinTimes) {
    columns.push(
      { key: 'userJoined', label: translate('bh.lookup.userJoined'), render: (m) => <JoinTimeText instant={m.userJoinedAt} /> },
      { key: 'doctorJoined', label: translate('bh.lookup.doctorJoined'), render: (m) => <JoinTimeText instant={m.docJoinedAt} /> },
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="lookup-upcoming" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <Typography id="lookup-upcoming" variant="h6" component="h2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
        {translate('bh.lookup.upcoming')}
      </Typography>
      {meetings.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate('bh.lookup.noUpcoming')}
        </Typography>
      ) : (
        <RecordList records={meetings} columns={columns} recordKey={(m) => m._id} labelledBy="lookup-upcoming" />
      )}
    </Paper>
  );
}

function PastList({ meetings, showJoinTimes }: { meetings: Meeting[]; showJoinTimes: boolean }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="lookup-past" sx={{ borderRadius: 3 }}>
      <Typography id="lookup-past" variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
        {translate('bh.lookup.past')}
      </Typography>
      {meetings.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          {translate('bh.lookup.noPast')}
        </Typography>
      ) : (
        <List aria-labelledby="lookup-past">
          {meetings.map((m) => {
            const report = m.reportLink.trim();
            return (
              <ListItem key={m._id} divider sx={{ display: 'block' }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
                  <Box>
                    <Typography variant="subtitle2">
                      {formatMeetingDay(m.meetingDate)} · {m.meetingTime}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {translate('bh.lookup.doctor')}: {m.doctorName} (<Email address={m.doctorId} />)
                    </Typography>
                    {showJoinTimes ? (
                      <Typography variant="body2" color="text.secondary">
                        {translate('bh.lookup.userJoined')}: <JoinTimeText instant={m.userJoinedAt} /> ·{' '}
                        {translate('bh.lookup.doctorJoined')}: <JoinTimeText instant={m.docJoinedAt} />
                      </Typography>
                    ) : null}
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {m.status === 'scheduled' ? <Chip size="small" label={translate('bh.lookup.meetingEnded')} /> : <MeetingStatusChip meeting={m} />}
                    {report && isHttpUrl(report) ? (
                      <Button size="small" href={report} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNewIcon />}>
                        {translate('bh.lookup.viewReport')}
                      </Button>
                    ) : null}
                  </Stack>
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
