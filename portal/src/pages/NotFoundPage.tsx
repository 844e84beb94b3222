import { Box, Button, Paper, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { LinkBase, useTranslate } from 'react-admin';
import { DASHBOARD_PATH } from '../providers/authProvider.ts';

/** The portal's own not-found page, for unknown paths under the portal's routes. */
export function NotFoundPage() {
  return <NotFoundPanel bodyKey="bh.error.notFoundBody" />;
}

/** The admin group's own fallback (spec §2.1). */
export function AdminNotFoundPage() {
  return <NotFoundPanel bodyKey="bh.error.adminNotFoundBody" />;
}

function NotFoundPanel({ bodyKey }: { bodyKey: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 520, textAlign: 'center' }}>
        <SearchOffIcon color="action" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {translate('bh.error.notFoundTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate(bodyKey)}
        </Typography>
        <Button variant="contained" component={LinkBase} to={DASHBOARD_PATH} sx={{ mt: 3 }}>
          {translate('bh.error.backToDashboard')}
        </Button>
      </Paper>
    </Box>
  );
}
