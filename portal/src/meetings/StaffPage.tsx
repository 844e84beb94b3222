import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { AccessDeniedPanel } from '../components/AccessDeniedPanel.tsx';
import { LockedPanel } from '../dashboard/LockedPanel.tsx';
import { useAccess, usePortalIdentity } from '../providers/hooks.ts';

/**
 * The frame of the associates' and admins' meeting pages: 'Access Denied' for other roles, the
 * dashboard's locked state until verified, then the page itself.
 */
export function StaffPage({
  titleKey,
  resource,
  action,
  children,
}: {
  titleKey: string;
  resource: 'meetingHistory' | 'meetingsLookup';
  /** The action that needs verification (the page itself opens to any associate or admin). */
  action: 'view' | 'search';
  children: ReactNode;
}) {
  const translate = useTranslate();
  const { can, isPending } = useAccess();
  const { identity } = usePortalIdentity();
  const opensPage = resource === 'meetingHistory' ? can(resource, 'menu') : can(resource, 'view');

  let content: ReactNode;
  if (isPending) content = <Loading />;
  else if (!opensPage) content = <AccessDeniedPanel />;
  else if (!can(resource, action)) content = identity ? <LockedPanel status={identity.isVerified} rejectionReason={identity.rejectionReason} /> : null;
  else content = children;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1280, width: '100%', mx: 'auto' }}>
      <Title title={titleKey} />
      <Stack spacing={2}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate(titleKey)}
        </Typography>
        {content}
      </Stack>
    </Box>
  );
}
