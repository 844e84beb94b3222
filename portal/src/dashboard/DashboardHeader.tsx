import { useState } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import { useTranslate } from 'react-admin';
import { firstName } from '@bh/shared';
import type { PortalIdentity } from '../providers/authProvider.ts';
import { formatToday } from '../meetings/meetingTime.ts';
import { randomQuoteKey } from './quotes.ts';

/** Greeting by first name (or 'User'), the email, one of ten quotes and today's date (spec §1, §2.6). */
export function DashboardHeader({ identity, now }: { identity: PortalIdentity | undefined; now: Date }) {
  const translate = useTranslate();
  // One quote per visit, not a new one on every second's re-render.
  const [quoteKey] = useState(() => randomQuoteKey());
  const name = identity?.fullName?.trim() ? firstName(identity.fullName) : translate('bh.dashboard.fallbackName');
  return (
    <Paper
      elevation={0}
      sx={{
        p: { xs: 2, sm: 3 },
        borderRadius: 3,
        color: 'primary.contrastText',
        background: (theme) => `linear-gradient(120deg, ${theme.palette.primary.dark}, ${theme.palette.primary.main})`,
      }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
        {translate('bh.dashboard.greeting', { name })}
      </Typography>
      <Typography sx={{ opacity: 0.9, wordBreak: 'break-all' }}>{identity?.email ?? ''}</Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'flex-start' }}>
        <FormatQuoteIcon fontSize="small" sx={{ opacity: 0.8, mt: 0.3 }} />
        <Typography data-testid="dashboard-quote" sx={{ fontStyle: 'italic' }}>
          {translate(quoteKey)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5, opacity: 0.9 }}>
        {translate('bh.dashboard.todayIs', { date: formatToday(now) })}
      </Typography>
    </Paper>
  );
}
