import { Button, Stack } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import SearchIcon from '@mui/icons-material/ManageSearch';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { LinkBase, useTranslate } from 'react-admin';
import { isLocked } from '../providers/canAccess.ts';
import { useAccess } from '../providers/hooks.ts';
import { BookMoreSessions } from './BookMoreSessions.tsx';

/**
 * The dashboard's actions (spec §2.6): clients book more sessions; associates and admins get
 * Meeting History (enabled once verified), the meetings lookup, and Submit Documents while unverified.
 */
export function ActionArea() {
  const translate = useTranslate();
  const { can, permissions } = useAccess();
  if (!permissions) return null;
  if (can('payments', 'book')) {
    return (
      <Stack direction="row" spacing={1}>
        <BookMoreSessions />
      </Stack>
    );
  }
  if (!can('meetingHistory', 'menu')) return null;
  const verified = can('meetingHistory', 'view');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        startIcon={<HistoryIcon />}
        disabled={!verified}
        {...(verified ? { component: LinkBase, to: '/meetinghistory' } : {})}
      >
        {translate('bh.dashboard.meetingHistory')}
      </Button>
      {can('meetingsLookup', 'search') ? (
        <Button variant="outlined" startIcon={<SearchIcon />} component={LinkBase} to="/meetings">
          {translate('bh.dashboard.meetingsLookup')}
        </Button>
      ) : null}
      {isLocked(permissions) ? (
        <Button variant="outlined" startIcon={<UploadFileIcon />} component={LinkBase} to="/details">
          {translate('bh.dashboard.submitDocuments')}
        </Button>
      ) : null}
    </Stack>
  );
}
