import { Alert, AlertTitle, Box, Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import LockIcon from '@mui/icons-material/Lock';
import HourglassIcon from '@mui/icons-material/HourglassTop';
import { LinkBase, useTranslate } from 'react-admin';
import type { VerificationStatus } from '@bh/shared';

/**
 * What unverified associates and admins see instead of their meetings (spec §2.6): a pending
 * application is under review; a rejected one shows the admin's reason; otherwise the dashboard is
 * locked until documents are submitted.
 */
export function LockedPanel({ status, rejectionReason }: { status: VerificationStatus; rejectionReason?: string | undefined }) {
  const translate = useTranslate();
  if (status === 'verified') return null;
  if (status === 'pending') {
    return (
      <Alert severity="info" icon={<HourglassIcon />} sx={{ borderRadius: 2 }}>
        {translate('bh.dashboard.underReview')}
      </Alert>
    );
  }
  const submit = (
    <Box sx={{ mt: 1.5 }}>
      <Button variant="contained" component={LinkBase} to="/details" startIcon={<UploadFileIcon />}>
        {translate('bh.dashboard.submitDocuments')}
      </Button>
    </Box>
  );
  if (status === 'rejected') {
    return (
      <Alert severity="error" sx={{ borderRadius: 2 }}>
        <AlertTitle>{translate('bh.dashboard.rejectedTitle')}</AlertTitle>
        {rejectionReason ? <Box sx={{ whiteSpace: 'pre-line' }}>{translate('bh.dashboard.rejectedReason', { reason: rejectionReason })}</Box> : null}
        <Box sx={{ mt: 0.5 }}>{translate('bh.dashboard.rejectedHint')}</Box>
        {submit}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" icon={<LockIcon />} sx={{ borderRadius: 2 }}>
      <AlertTitle>{translate('bh.dashboard.locked')}</AlertTitle>
      {translate('bh.dashboard.lockedHint')}
      {submit}
    </Alert>
  );
}
