import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Paper, Typography } from '@mui/material';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { useNavigate, useNotify, useTranslate } from 'react-admin';
import type { DoctorDetailsResponse } from '@bh/shared';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { failureStatus } from '../components/errors.ts';

export const associateDetailsKey = (userId: string) => ['admin', 'associate', userId] as const;

/**
 * One associate's account and application (GET /register/doctor-details). A missing associate is
 * shown as such; any other failure is told with the spec's toast and sends the admin back to
 * `backTo`, the list the detail was opened from (spec §8).
 */
export function useAssociateDetails(
  userId: string,
  backTo: string,
): { details: DoctorDetailsResponse | undefined; isPending: boolean; notFound: boolean } {
  const dataProvider = usePortalDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: associateDetailsKey(userId),
    queryFn: ({ signal }) => dataProvider.getAssociateDetails(userId, signal),
    retry: false,
  });
  const status = query.isError ? failureStatus(query.error) : null;
  const notFound = status === 404;
  const told = useRef(false);

  useEffect(() => {
    if (status !== null && status !== 404 && !told.current) {
      told.current = true;
      notify('bh.admin.application.fetchFailed', { type: 'error' });
      navigate(backTo, { replace: true });
    }
  }, [status, notify, navigate, backTo]);

  return { details: query.data, isPending: query.isPending, notFound };
}

/** 'BH Associate not found' with 'Go back' (spec §2.10, §2.12). */
export function AssociateNotFound({ onBack }: { onBack: () => void }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 4, borderRadius: 3, textAlign: 'center' }}>
      <PersonOffIcon color="action" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate('bh.admin.application.notFound')}
      </Typography>
      <Button variant="contained" onClick={onBack} sx={{ mt: 2 }}>
        {translate('bh.admin.common.goBack')}
      </Button>
    </Paper>
  );
}
