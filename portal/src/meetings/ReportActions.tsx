import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import AssignmentIcon from '@mui/icons-material/Assignment';
import LinkIcon from '@mui/icons-material/Link';
import { useNotify, useTranslate } from 'react-admin';
import { isHttpUrl, reportLinkRequest, type Meeting, type ReportLinkRequest } from '@bh/shared';
import { muiField } from '../components/muiField.ts';
import { openInNewTab } from '../components/openInNewTab.ts';
import { serverMessageOr } from '../providers/http.ts';
import { useAccess, usePortalDataProvider } from '../providers/hooks.ts';
import { useInvalidateMeetings } from './useMeetings.ts';

/** A report link counts only when it is not blank (spec §2.6). */
export function hasReport(meeting: Meeting): boolean {
  return meeting.reportLink.trim() !== '';
}

/**
 * 'View Report' once a report exists; before that the associate's 'Submit Report' (the meeting's
 * report form) and, for associates and admins, a way to record the finished report's link.
 */
export function ReportActions({ meeting }: { meeting: Meeting }) {
  const translate = useTranslate();
  const { can } = useAccess();
  const [dialogOpen, setDialogOpen] = useState(false);

  if (hasReport(meeting)) {
    const link = meeting.reportLink.trim();
    return isHttpUrl(link) ? (
      <Button size="small" href={link} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNewIcon />}>
        {translate('bh.meeting.viewReport')}
      </Button>
    ) : null;
  }

  const canSubmit = can('meetings', 'submitReport');
  const canSave = can('meetings', 'saveReport');
  if (!canSubmit && !canSave) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('bh.meeting.noReport')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {canSubmit ? (
        <Button size="small" variant="outlined" startIcon={<AssignmentIcon />} onClick={() => void openInNewTab(meeting.formLink)}>
          {translate('bh.meeting.submitReport')}
        </Button>
      ) : null}
      {canSave ? (
        <Button size="small" startIcon={<LinkIcon />} onClick={() => setDialogOpen(true)}>
          {translate('bh.meeting.saveReport')}
        </Button>
      ) : null}
      {dialogOpen ? <SaveReportDialog meeting={meeting} onClose={() => setDialogOpen(false)} /> : null}
    </Stack>
  );
}

function SaveReportDialog({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const invalidateMeetings = useInvalidateMeetings();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReportLinkRequest, unknown, ReportLinkRequest>({
    resolver: zodResolver(reportLinkRequest),
    defaultValues: { reportLink: '' },
  });

  const onSubmit = async (values: ReportLinkRequest) => {
    try {
      const res = await dataProvider.saveReportLink(meeting._id, values);
      notify(res.message || 'bh.meeting.reportSaved', { type: 'success' });
      await invalidateMeetings();
      onClose();
    } catch (error) {
      notify(serverMessageOr(error, translate('bh.meeting.reportSaveFailed')), { type: 'error' });
    }
  };

  const message = errors.reportLink?.message;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle>{translate('bh.meeting.saveReportTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('bh.meeting.saveReportHint')}</DialogContentText>
          <TextField
            {...muiField(register('reportLink'))}
            type="url"
            label={translate('bh.meeting.reportLink')}
            required
            fullWidth
            autoFocus
            margin="normal"
            error={!!message}
            helperText={message ? translate(message, { _: message }) : ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('bh.meeting.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {translate('bh.meeting.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
