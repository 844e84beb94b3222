import type { ReactNode } from 'react';
import { Box, List, ListItem, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
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

/** A create form on the left (above on a phone) with its guidelines beside it (spec §2.14, §2.16). */
export function FormWithGuidelines({ onSubmit, guidelineKeys, children }: { onSubmit: () => Promise<void>; guidelineKeys: readonly string[]; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
        sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
      >
        {children}
      </Paper>
      <GuidelinesPanel itemKeys={guidelineKeys} />
    </Box>
  );
}
