import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { reportLinkRequest, type Meeting, type ReportLinkRequest } from '@bh/shared';
import { muiField } from '../components/muiField.ts';
import { serverMessageOr } from '../providers/http.ts';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { useInvalidateMeetings } from './useMeetings.ts';

/**
 * The dialog that records a finished report's link. A module of its own, loaded when the dialog
 * is first wanted (ReportActions.tsx): its form library stays out of the dashboard's first files.
 */
export default function SaveReportDialog({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
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
