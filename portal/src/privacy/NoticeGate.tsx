import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { privacy } from '@bh/shared/contract/privacy';
import { PRIVACY_MESSAGES } from '@bh/shared';
import { client, serverMessageOr } from '../providers/http.ts';
import { useNotice, useRefreshPrivacy } from './client.ts';
import { NoticeItems } from './NoticeItems.tsx';

/**
 * The itemised privacy notice (DPDP s. 5), shown instead of the portal until the signed-in person
 * has accepted the version in force: on their first sign-in and whenever a new version is
 * published. It reads the notice status once per visit, so sign-in itself costs nothing more.
 */
export function NoticeGate({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const notice = useNotice();
  const refresh = useRefreshPrivacy();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The portal stays usable if the check itself fails: the gate only ever adds a step.
  if (notice.isPending) return <Loading />;
  if (notice.isError || notice.data.accepted) return <>{children}</>;

  const accept = async () => {
    setSaving(true);
    setError(null);
    try {
      await client.call(privacy.acceptNotice, { body: { version: notice.data.version } });
      await refresh();
    } catch (err) {
      setError(serverMessageOr(err, translate('bh.privacy.actionFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', p: { xs: 1, sm: 2 } }}>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('bh.privacy.noticeTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {PRIVACY_MESSAGES.noticeIntro} ({translate('bh.privacy.version', { version: notice.data.version })})
        </Typography>
        <NoticeItems />
        <Typography sx={{ my: 2 }}>{PRIVACY_MESSAGES.noticeRights}</Typography>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <Button variant="contained" onClick={() => void accept()} disabled={saving}>
          {translate('bh.privacy.acceptNotice')}
        </Button>
      </Paper>
    </Box>
  );
}
