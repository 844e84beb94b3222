import { Alert, AlertTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/** 'Access Denied' for a page the user's role does not open (spec §2.8, §6). */
export function AccessDeniedPanel({ messageKey = 'bh.lookup.accessDenied' }: { messageKey?: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ borderRadius: 2 }}>
      <AlertTitle>{translate('bh.locked.title')}</AlertTitle>
      {translate(messageKey)}
    </Alert>
  );
}
