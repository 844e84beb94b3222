import { useState } from 'react';
import { Alert, Button, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import type { PendingInvitation } from '@bh/shared';
import { usePortalDataProvider } from '../providers/hooks.ts';
import { failureText } from '../components/errors.ts';
import { formatAdminTime } from '../components/format.ts';

const QUERY_KEY = ['admin', 'invitations'];

/** Invitations nobody has accepted yet, each with Resend and Revoke (DESIGN §3). */
export function PendingInvitations({ version }: { version: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const { data, error } = useQuery({
    queryKey: [...QUERY_KEY, version],
    queryFn: ({ signal }) => dataProvider.getPendingInvitations(signal),
  });

  const act = async (invitation: PendingInvitation, action: 'resend' | 'revoke') => {
    setBusy(invitation.userId);
    try {
      const res = action === 'resend' ? await dataProvider.resendInvitation(invitation.userId) : await dataProvider.revokeInvitation(invitation.userId);
      notify(res.message, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    } catch (failure) {
      notify(failureText(failure, { fallback: translate('bh.admin.invitations.failed') }), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const invitations = data?.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="pending-invitations" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mt: 2 }}>
      <Typography id="pending-invitations" variant="h6" component="h2">
        {translate('bh.admin.invitations.pendingTitle')}
      </Typography>
      {error ? <Alert severity="error">{failureText(error, { fallback: translate('bh.admin.invitations.failed') })}</Alert> : null}
      {data && invitations.length === 0 ? <Typography color="text.secondary">{translate('bh.admin.invitations.none')}</Typography> : null}
      <List dense>
        {invitations.map((invitation) => (
          <ListItem key={invitation.userId} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={`${invitation.name} · ${invitation.email}`}
              secondary={`${translate(`bh.admin.roles.${invitation.role}`)} · ${translate('bh.admin.invitations.sentAt', { when: formatAdminTime(invitation.sentAt) })}`}
              sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
            />
            <Stack direction="row" spacing={1}>
              <Button size="small" disabled={busy === invitation.userId} onClick={() => void act(invitation, 'resend')} aria-label={`${translate('bh.admin.invitations.resend')}: ${invitation.email}`}>
                {translate('bh.admin.invitations.resend')}
              </Button>
              <Button size="small" color="error" disabled={busy === invitation.userId} onClick={() => void act(invitation, 'revoke')} aria-label={`${translate('bh.admin.invitations.revoke')}: ${invitation.email}`}>
                {translate('bh.admin.invitations.revoke')}
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
