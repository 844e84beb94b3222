import { useState } from 'react';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { Meeting } from '@bh/shared';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { formatMeetingDate } from './meetingTime.ts';
import { useInvalidateMeetings } from './useMeetings.ts';

/** The admin's Delete, after a confirmation (spec §2.6, §8). */
export function DeleteMeetingButton({ meeting }: { meeting: Meeting }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const invalidateMeetings = useInvalidateMeetings();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    setBusy(true);
    try {
      await dataProvider.deleteMeeting(meeting._id);
      notify('bh.meeting.deleted', { type: 'success' });
      setOpen(false);
      await invalidateMeetings();
    } catch {
      notify('bh.meeting.deleteFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        {translate('bh.meeting.delete')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="bh.meeting.deleteTitle"
        content="bh.meeting.deleteContent"
        contentTranslateOptions={{ date: formatMeetingDate(meeting.meetingDate), time: meeting.meetingTime }}
        confirm="bh.meeting.delete"
        cancel="bh.meeting.cancel"
        confirmColor="warning"
        onConfirm={() => void onConfirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
