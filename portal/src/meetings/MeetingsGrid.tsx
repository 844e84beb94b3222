import { useQueryClient } from '@tanstack/react-query';
import { Box, Link, Typography } from '@mui/material';
import {
  DataTable,
  DateInput,
  DeleteWithConfirmButton,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { formatIst, isHttpUrl, type Meeting } from '@bh/shared';
import { MeetingStatusChip } from './BookingActions.tsx';
import { Email } from '../components/Email.tsx';
import { formatMeetingDate } from './meetingTime.ts';
import { MEETINGS_QUERY_KEY } from './useMeetings.ts';
import { AdminGrid } from '../components/AdminGrid.tsx';
import { formatAdminTime } from '../components/format.ts';
import { GridSearchInput } from '../components/gridLayout.tsx';

/** A meeting as the admin grid lists it (ra-data-simple-rest wants an `id`). */
type MeetingRecord = Meeting & { id: string };

const Col = DataTable.Col<MeetingRecord>;

const filters = [
  <GridSearchInput key="q" source="q" labelKey="bh.admin.grids.meetings.search" alwaysOn />,
  <TextInput key="clientId" source="clientId" label="bh.admin.grids.meetings.clientEmail" />,
  <TextInput key="doctorId" source="doctorId" label="bh.admin.grids.meetings.associateEmail" />,
  <DateInput key="from" source="from" label="bh.admin.grids.meetings.from" />,
  <DateInput key="to" source="to" label="bh.admin.grids.meetings.to" />,
];

function Person({ name, email }: { name: string; email: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{name}</Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        <Email address={email} />
      </Typography>
    </Box>
  );
}

function JoinedAt({ instant }: { instant: string | null }) {
  const translate = useTranslate();
  return <>{instant ? formatIst(instant) : translate('bh.meeting.notJoined')}</>;
}

function Report({ meeting }: { meeting: MeetingRecord }) {
  const translate = useTranslate();
  const link = meeting.reportLink.trim();
  if (!link || !isHttpUrl(link)) return <>{translate('bh.admin.grids.meetings.noReport')}</>;
  return (
    <Link href={link} target="_blank" rel="noopener noreferrer">
      {translate('bh.admin.grids.meetings.viewReport')}
    </Link>
  );
}

function DeleteMeeting({ meeting }: { meeting: MeetingRecord }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return (
    <DeleteWithConfirmButton
      record={meeting}
      mutationMode="pessimistic"
      redirect={false}
      confirmTitle="bh.admin.grids.meetings.deleteTitle"
      confirmContent="bh.admin.grids.meetings.deleteContent"
      contentTranslateOptions={{ date: formatMeetingDate(meeting.meetingDate), time: meeting.meetingTime }}
      confirmColor="warning"
      mutationOptions={{
        onSuccess: () => {
          notify('bh.admin.grids.meetings.deleted', { type: 'success' });
          // The dashboards list meetings through their own call.
          void queryClient.invalidateQueries({ queryKey: MEETINGS_QUERY_KEY });
        },
        onError: () => notify('bh.admin.grids.meetings.deleteFailed', { type: 'error' }),
      }}
    />
  );
}

const COLUMNS = {
  startsAt: 'bh.admin.grids.meetings.when',
  clientId: 'bh.admin.grids.meetings.client',
  doctorId: 'bh.admin.grids.meetings.associate',
  userJoinedAt: 'bh.admin.grids.meetings.userJoined',
  docJoinedAt: 'bh.admin.grids.meetings.associateJoined',
  reportLink: 'bh.admin.grids.meetings.report',
  status: 'bh.booking.status',
  createdAt: 'bh.admin.grids.meetings.createdAt',
} as const;

/**
 * Every meeting ever scheduled (the dashboards only show a window around now), newest first; a
 * card per meeting on phones and tablets.
 */
export default function MeetingsGrid() {
  const translate = useTranslate();
  return (
    <AdminGrid name="meetings" filters={filters} sortField="startsAt" cardLabels={COLUMNS}>
      <Col source="startsAt" label={COLUMNS.startsAt} render={(m) => `${formatMeetingDate(m.meetingDate)} · ${m.meetingTime}`} />
      <Col source="clientId" label={COLUMNS.clientId} render={(m) => <Person name={m.clientName} email={m.clientId} />} />
      <Col source="doctorId" label={COLUMNS.doctorId} render={(m) => <Person name={m.doctorName} email={m.doctorId} />} />
      <Col source="userJoinedAt" label={COLUMNS.userJoinedAt} disableSort render={(m) => <JoinedAt instant={m.userJoinedAt} />} />
      <Col source="docJoinedAt" label={COLUMNS.docJoinedAt} disableSort render={(m) => <JoinedAt instant={m.docJoinedAt} />} />
      <Col source="reportLink" label={COLUMNS.reportLink} disableSort render={(m) => <Report meeting={m} />} />
      <Col source="status" label={COLUMNS.status} disableSort render={(m) => (m.status === 'scheduled' ? translate('bh.booking.statusScheduled') : <MeetingStatusChip meeting={m} />)} />
      <Col source="createdAt" label={COLUMNS.createdAt} render={(m) => formatAdminTime(m.createdAt)} />
      <Col label="" disableSort render={(m) => <DeleteMeeting meeting={m} />} />
    </AdminGrid>
  );
}
