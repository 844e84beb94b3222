import { List, ListItem, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { useTranslate } from 'react-admin';

/** The guidelines beside the create forms (spec §2.14, §2.16). */
export function GuidelinesPanel({ itemKeys }: { itemKeys: readonly string[] }) {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      component="aside"
      aria-labelledby="admin-guidelines"
      sx={{ p: 2, borderRadius: 3, bgcolor: 'action.hover', alignSelf: 'flex-start' }}
    >
      <Typography id="admin-guidelines" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate('bh.admin.common.guidelines')}
      </Typography>
      <List dense disablePadding>
        {itemKeys.map((key) => (
          <ListItem key={key} disableGutters sx={{ alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
              <InfoIcon fontSize="small" color="primary" />
            </ListItemIcon>
            <ListItemText primary={translate(key)} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
