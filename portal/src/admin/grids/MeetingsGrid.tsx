import { useQueryClient } from '@tanstack/react-query';
import { Box, Link, Typography } from '@mui/material';
import {
  DataTable,
  DateInput,
  DeleteWithConfirmButton,
  List,
  SearchInput,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { formatIst, isHttpUrl, type Meeting } from '@bh/shared';
import { formatMeetingDate } from '../../meetings/meetingTime.ts';
import { MEETINGS_QUERY_KEY } from '../../meetings/useMeetings.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { formatAdminTime } from '../components/format.ts';
import { GridActions } from './GridActions.tsx';

/** A meeting as the admin grid lists it (ra-data-simple-rest wants an `id`). */
type MeetingRecord = Meeting & { id: string };

const Col = DataTable.Col<MeetingRecord>;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="clientId" source="clientId" label="bh.admin.grids.meetings.clientEmail" />,
  <TextInput key="doctorId" source="doctorId" label="bh.admin.grids.meetings.associateEmail" />,
  <DateInput key="from" source="from" label="bh.admin.grids.meetings.from" />,
  <DateInput key="to" source="to" label="bh.admin.grids.meetings.to" />,
];

function Person({ name, email }: { name: string; email: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{name}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {email}
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

/** Every meeting ever scheduled (the dashboards only show a window around now), newest first. */
export default function MeetingsGrid() {
  return (
    <AdminPage titleKey="bh.admin.grids.meetings.title">
      <List
        resource="admin/meetings"
        title="bh.admin.grids.meetings.title"
        filters={filters}
        actions={<GridActions />}
        sort={{ field: 'startsAt', order: 'DESC' }}
        perPage={25}
        empty={false}
        storeKey="admin.grids.meetings"
      >
        <DataTable rowClick={false} bulkActionButtons={false}>
          <Col
            source="startsAt"
            label="bh.admin.grids.meetings.when"
            render={(m) => `${formatMeetingDate(m.meetingDate)} · ${m.meetingTime}`}
          />
          <Col source="clientId" label="bh.admin.grids.meetings.client" render={(m) => <Person name={m.clientName} email={m.clientId} />} />
          <Col source="doctorId" label="bh.admin.grids.meetings.associate" render={(m) => <Person name={m.doctorName} email={m.doctorId} />} />
          <Col source="userJoinedAt" label="bh.admin.grids.meetings.userJoined" disableSort render={(m) => <JoinedAt instant={m.userJoinedAt} />} />
          <Col source="docJoinedAt" label="bh.admin.grids.meetings.associateJoined" disableSort render={(m) => <JoinedAt instant={m.docJoinedAt} />} />
          <Col source="reportLink" label="bh.admin.grids.meetings.report" disableSort render={(m) => <Report meeting={m} />} />
          <Col source="createdAt" label="bh.admin.grids.meetings.createdAt" render={(m) => formatAdminTime(m.createdAt)} />
          <Col label="" disableSort render={(m) => <DeleteMeeting meeting={m} />} />
        </DataTable>
      </List>
    </AdminPage>
  );
}
