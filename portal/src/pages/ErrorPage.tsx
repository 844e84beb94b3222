import { Box, Button, Paper, Typography } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { LinkBase, useResetErrorBoundaryOnLocationChange, useTranslate } from 'react-admin';
import { DASHBOARD_PATH } from '../providers/authProvider.ts';

export interface ErrorPageProps {
  error?: unknown;
  resetErrorBoundary?: (...args: unknown[]) => void;
}

const noop = () => undefined;

/** The status text of a failed response, or the error's message (spec §2.17). */
export function describeError(error: unknown): string | null {
  if (typeof error === 'object' && error !== null) {
    if ('statusText' in error && typeof error.statusText === 'string' && error.statusText.trim()) return error.statusText;
    if ('message' in error && typeof error.message === 'string' && error.message.trim()) return error.message;
  }
  if (typeof error === 'string' && error.trim()) return error;
  return null;
}

/**
 * 'Oops! Something went wrong' (spec §2.17). The dashboard lives at /dashboard because / is the
 * public site's home page.
 */
export function ErrorPage({ error, resetErrorBoundary }: ErrorPageProps) {
  const translate = useTranslate();
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary ?? noop);
  return (
    <Box role="alert" sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 520, textAlign: 'center' }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {translate('bh.error.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, wordBreak: 'break-word' }}>
          {describeError(error) ?? translate('bh.error.unexpected')}
        </Typography>
        <Button variant="contained" component={LinkBase} to={DASHBOARD_PATH} sx={{ mt: 3 }}>
          {translate('bh.error.backToDashboard')}
        </Button>
      </Paper>
    </Box>
  );
}
