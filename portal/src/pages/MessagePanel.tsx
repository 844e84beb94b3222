import type { ReactNode } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { DASHBOARD_PATH } from '../providers/authProvider.ts';

/** A page that only says what happened, with the way back to the dashboard (spec §2.17). */
export function MessagePanel({ icon, title, body, role }: { icon: ReactNode; title: string; body: ReactNode; role?: 'alert' }) {
  const translate = useTranslate();
  return (
    <Box role={role} sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 520, textAlign: 'center' }}>
        {icon}
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, wordBreak: 'break-word' }}>
          {body}
        </Typography>
        <Button variant="contained" component={LinkBase} to={DASHBOARD_PATH} sx={{ mt: 3 }}>
          {translate('bh.error.backToDashboard')}
        </Button>
      </Paper>
    </Box>
  );
}
