import { Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReactNode } from 'react';
import type { Meeting } from '@bh/shared';
import { AddToCalendarButton } from '../meetings/AddToCalendarButton.tsx';
import { AttendanceActions, BookingActions } from '../meetings/BookingActions.tsx';
import { Email } from '../components/Email.tsx';
import { DeleteMeetingButton } from '../meetings/DeleteMeetingButton.tsx';
import { JoinButton } from '../meetings/JoinButton.tsx';
import { ReportActions } from '../meetings/ReportActions.tsx';
import { formatJoinTime, formatMeetingDate, startOf } from '../meetings/meetingTime.ts';
import { RecordList, type RecordColumn } from '../meetings/RecordList.tsx';
import { useAccess } from '../providers/hooks.ts';

type Column = Omit<RecordColumn<Meeting>, 'label'> & { labelKey: string };

function Person({ name, email }: { name: string; email?: string }) {
  return (
    <Box>
      <Typography variant="body2">{name}</Typography>
      {email ? (
        <Typography variant="caption" color="text.secondary" component="div">
          <Email address={email} />
        </Typography>
      ) : null}
    </Box>
  );
}

function JoinTime({ instant }: { instant: string | null }) {
  const translate = useTranslate();
  const text = formatJoinTime(instant);
  return text ? (
    <Typography variant="body2">{text}</Typography>
  ) : (
    <Typography variant="body2" color="text.secondary">
      {translate('bh.meeting.notJoined')}
    </Typography>
  );
}

/**
 * 'Upcoming Sessions' and 'Past Sessions' (spec §2.6), a table on wide screens and cards on phones
 * and tablets. Columns follow the role: clients see their
 * BH Associate, associates their client, verified admins both identifiers, the join times in
 * Asia/Kolkata and Delete. Past sessions come newest first, numbered count down to 1.
 */
export function SessionsTable({ kind, meetings, now }: { kind: 'upcoming' | 'past'; meetings: readonly Meeting[]; now: Date }) {
  const translate = useTranslate();
  const { can, permissions } = useAccess();
  const titleKey = kind === 'upcoming' ? 'bh.dashboard.upcoming' : 'bh.dashboard.past';
  const titleId = `${kind}-sessions-title`;

  const columns: Column[] = [];
  if (kind === 'past') {
    columns.push({ key: 'session', labelKey: 'bh.dashboard.columns.session', render: (_m, index) => meetings.length - index });
  }
  columns.push(
    { key: 'date', labelKey: 'bh.dashboard.columns.date', render: (m) => formatMeetingDate(m.meetingDate), noWrap: true },
    { key: 'time', labelKey: 'bh.dashboard.columns.time', render: (m) => m.meetingTime, noWrap: true },
  );
  if (can('meetings', 'viewParticipants')) {
    columns.push(
      { key: 'client', labelKey: 'bh.dashboard.columns.client', render: (m) => <Person name={m.clientName} email={m.clientId} /> },
      { key: 'associate', labelKey: 'bh.dashboard.columns.associate', render: (m) => <Person name={m.doctorName} email={m.doctorId} /> },
    );
  } else if (permissions?.role === 'user') {
    columns.push({ key: 'associate', labelKey: 'bh.dashboard.columns.associate', render: (m) => <Person name={m.doctorName} /> });
  } else {
    columns.push({ key: 'client', labelKey: 'bh.dashboard.columns.client', render: (m) => <Person name={m.clientName} /> });
  }
  if (can('meetings', 'viewJoinTimes')) {
    columns.push(
      { key: 'userJoined', labelKey: 'bh.dashboard.columns.userJoined', render: (m) => <JoinTime instant={m.userJoinedAt} /> },
      { key: 'docJoined', labelKey: 'bh.dashboard.columns.associateJoined', render: (m) => <JoinTime instant={m.docJoinedAt} /> },
    );
  }
  if (kind === 'upcoming') {
    columns.push({
      key: 'join',
      labelKey: 'bh.dashboard.columns.join',
      render: (m) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <JoinButton meeting={m} now={now} />
          <AddToCalendarButton meeting={m} />
        </Stack>
      ),
    });
  }
  // An admin's Delete sits under the booking actions in the same cell: a column of its own made the
  // admin's table wider than a laptop's window.
  const canDelete = can('meetings', 'delete');
  const withDelete = (m: Meeting, actions: ReactNode) =>
    canDelete ? (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        {actions}
        <DeleteMeetingButton meeting={m} />
      </Stack>
    ) : (
      actions
    );
  columns.push(
    kind === 'upcoming'
      ? { key: 'changes', labelKey: 'bh.booking.booking', render: (m) => withDelete(m, <BookingActions meeting={m} now={now} />) }
      : { key: 'status', labelKey: 'bh.booking.status', render: (m) => withDelete(m, <AttendanceActions meeting={m} now={now} />) },
  );
  if (can('meetings', 'viewReport')) {
    columns.push({
      key: 'report',
      labelKey: 'bh.dashboard.columns.report',
      // A report is written after the session, so upcoming rows offer it only once they started.
      render: (m) => (kind === 'past' || startOf(m).getTime() <= now.getTime() ? <ReportActions meeting={m} /> : null),
    });
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <Stack direction="row" sx={{ px: 2, py: 1.5, alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography id={titleId} variant="h6" component="h2">
          {translate(titleKey)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {meetings.length}
        </Typography>
      </Stack>
      {meetings.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate(kind === 'upcoming' ? 'bh.dashboard.noUpcoming' : 'bh.dashboard.noPast')}
        </Typography>
      ) : (
        <RecordList
          records={meetings}
          columns={columns.map(({ labelKey, ...column }) => ({ ...column, label: translate(labelKey) }))}
          recordKey={(m) => m._id}
          labelledBy={titleId}
        />
      )}
    </Paper>
  );
}
