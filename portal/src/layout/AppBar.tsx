import { Box, Button, Typography, useMediaQuery, type Theme } from '@mui/material';
import { AppBar as RaAppBar, LinkBase, LoadingIndicator, useTranslate } from 'react-admin';
import { usePortalIdentity } from '../providers/hooks.ts';
import { DASHBOARD_PATH, LOGIN_PATH } from '../providers/authProvider.ts';
import { UserMenu } from './UserMenu.tsx';

/**
 * The fixed top bar (spec §2.4): 'Better Health Dashboard' on wide screens, 'BetterHealth' on
 * phones, both linking to the dashboard. Signed-in users get the avatar menu on wide screens (the
 * side sheet replaces it on phones); anyone else only a Login button.
 */
export function AppBar() {
  const translate = useTranslate();
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { identity, isPending } = usePortalIdentity();
  const signedIn = !!identity;

  const userArea = isPending ? null : signedIn ? (
    isPhone ? null : <UserMenu />
  ) : (
    <Button color="inherit" component={LinkBase} to={LOGIN_PATH}>
      {translate('bh.menu.login')}
    </Button>
  );

  return (
    <RaAppBar alwaysOn userMenu={userArea ?? false} toolbar={<LoadingIndicator />}>
      <Typography
        component={LinkBase}
        to={DASHBOARD_PATH}
        variant="h6"
        color="inherit"
        noWrap
        sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, letterSpacing: 0.2 }}
      >
        {translate(isPhone ? 'bh.app.mobileTitle' : 'bh.app.title')}
      </Typography>
      <Box sx={{ flex: 1 }} />
    </RaAppBar>
  );
}
