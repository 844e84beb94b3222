import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useTranslate } from 'react-admin';
import { MessagePanel } from './MessagePanel.tsx';

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
  return <MessagePanel icon={<SearchOffIcon color="action" sx={{ fontSize: 56 }} />} title={translate('bh.error.notFoundTitle')} body={translate(bodyKey)} />;
}
