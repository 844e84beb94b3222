import { useQuery } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, Stack, Typography } from '@mui/material';
import VerifiedIcon from '@mui/icons-material/Verified';
import HourglassIcon from '@mui/icons-material/HourglassTop';
import { Loading, Title, useTranslate } from 'react-admin';
import type { VerificationStatus } from '@bh/shared';
import { usePortalDataProvider, usePortalIdentity, useRefreshUser } from '../providers/hooks.ts';
import { ApplicationForm } from './ApplicationForm.tsx';
import { draftFromApplication } from './formModel.ts';

export const APPLICATION_STATUS_QUERY_KEY = ['application', 'status'] as const;
export const OWN_APPLICATION_QUERY_KEY = ['application', 'own'] as const;

/**
 * /details (spec §2.7): the application form, or where the application stands. The status comes
 * from GET /register/check-verified, falling back to the profile if that call fails.
 */
export default function ApplicationPage() {
  const translate = useTranslate();
  const dataProvider = usePortalDataProvider();
  const refreshUser = useRefreshUser();
  const { identity } = usePortalIdentity();
  const status = useQuery({
    queryKey: APPLICATION_STATUS_QUERY_KEY,
    queryFn: () => dataProvider.checkVerified(),
  });

  const isVerified: VerificationStatus | undefined = status.data?.isVerified ?? identity?.isVerified;
  // A rejected application comes back filled with what was sent; without it the form starts empty.
  const previous = useQuery({
    queryKey: OWN_APPLICATION_QUERY_KEY,
    queryFn: () => dataProvider.ownApplication(),
    enabled: !status.isPending && isVerified === 'rejected',
    retry: false,
    gcTime: 0,
  });

  if (status.isPending || (isVerified === 'rejected' && previous.isPending)) return <Loading />;
  const rejectionReason = status.data ? status.data.rejectionReason : identity?.rejectionReason;
  const initial = isVerified === 'rejected' && previous.data ? draftFromApplication(previous.data.application) : undefined;

  const onSubmitted = async () => {
    await Promise.all([status.refetch(), refreshUser()]);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100, width: '100%', mx: 'auto' }}>
      <Title title="bh.application.title" />
      <Stack spacing={2}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate('bh.application.title')}
        </Typography>
        {isVerified === 'pending' ? (
          <Alert severity="info" icon={<HourglassIcon />}>
            {translate('bh.application.pending')}
          </Alert>
        ) : isVerified === 'verified' ? (
          <Alert severity="success" icon={<VerifiedIcon />}>
            {translate('bh.application.verified')}
          </Alert>
        ) : (
          <>
            {isVerified === 'rejected' ? (
              <Alert severity="error">
                <AlertTitle>{translate('bh.application.rejectedTitle')}</AlertTitle>
                {rejectionReason ? (
                  <Box sx={{ whiteSpace: 'pre-line' }}>{translate('bh.application.rejectedReason', { reason: rejectionReason })}</Box>
                ) : null}
                {translate('bh.application.rejectedHint')}
              </Alert>
            ) : null}
            <Typography color="text.secondary">{translate('bh.application.intro')}</Typography>
            <ApplicationForm onSubmitted={onSubmitted} initial={initial} />
          </>
        )}
      </Stack>
    </Box>
  );
}
