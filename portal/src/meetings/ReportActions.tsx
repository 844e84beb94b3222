import { lazy, Suspense, useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import AssignmentIcon from '@mui/icons-material/Assignment';
import LinkIcon from '@mui/icons-material/Link';
import { useTranslate } from 'react-admin';
import { isHttpUrl, type Meeting } from '@bh/shared';
import { openInNewTab } from '../components/openInNewTab.ts';
import { useAccess } from '../providers/hooks.ts';

const loadSaveReportDialog = () => import('./SaveReportDialog.tsx');
/** The dialog and its form library load when someone reaches for the button, not with the dashboard. */
const SaveReportDialog = lazy(loadSaveReportDialog);
const preloadSaveReportDialog = () => void loadSaveReportDialog();

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
        <Button
          size="small"
          startIcon={<LinkIcon />}
          onPointerEnter={preloadSaveReportDialog}
          onFocus={preloadSaveReportDialog}
          onClick={() => setDialogOpen(true)}
        >
          {translate('bh.meeting.saveReport')}
        </Button>
      ) : null}
      {dialogOpen ? (
        <Suspense fallback={null}>
          <SaveReportDialog meeting={meeting} onClose={() => setDialogOpen(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
