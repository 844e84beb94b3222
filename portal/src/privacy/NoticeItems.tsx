import { List, ListItem, ListItemText } from '@mui/material';
import { PRIVACY_MESSAGES } from '@bh/shared';

/** What we hold and why (DPDP ss. 5, 11): the notice's items, once, for the gate and the page. */
export function NoticeItems() {
  return (
    <List dense disablePadding>
      {PRIVACY_MESSAGES.noticeItems.map((item) => (
        <ListItem key={item.what} disableGutters alignItems="flex-start">
          <ListItemText primary={item.what} secondary={item.why} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        </ListItem>
      ))}
    </List>
  );
}
