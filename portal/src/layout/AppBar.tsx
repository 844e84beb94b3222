import { Box, Button, CircularProgress, Typography, useMediaQuery, type Theme } from '@mui/material';
import { AppBar as RaAppBar, LinkBase, RefreshIconButton, useLoading, useTranslate } from 'react-admin';
import { usePortalIdentity } from '../providers/hooks.ts';
import { DASHBOARD_PATH, LOGIN_PATH } from '../providers/authProvider.ts';
import { UserMenu } from './UserMenu.tsx';

/**
 * react-admin's LoadingIndicator (the refresh button, a spinner over it while data loads), with a
 * name for the spinner: react-admin's has none, which axe counts as a serious fault.
 */
function LoadingIndicator() {
  const translate = useTranslate();
  const loading = useLoading();
  return (
    <Box sx={{ position: 'relative' }}>
      <RefreshIconButton sx={loading ? { opacity: 0 } : undefined} />
      {loading ? (
        <CircularProgress
          color="inherit"
          size={16}
          thickness={6}
          aria-label={translate('ra.page.loading')}
          sx={{ position: 'absolute', top: '30%', left: '30%' }}
        />
      ) : null}
    </Box>
  );
}

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
