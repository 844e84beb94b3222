import { useState, type MouseEvent } from 'react';
import { Avatar, Box, Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { LinkBase, useTranslate } from 'react-admin';
import { initialOf } from '@bh/shared';
import { useAccess, usePortalIdentity } from '../providers/hooks.ts';
import { mainLinks } from './menuLinks.ts';
import { useLogoutWithToast } from './useLogoutWithToast.ts';

/**
 * The desktop avatar dropdown (spec §2.4): the name's initial (or 'U'), the name (or 'User'), the
 * email, the menu links and Logout.
 */
export function UserMenu() {
  const translate = useTranslate();
  const { identity } = usePortalIdentity();
  const { can } = useAccess();
  const logout = useLogoutWithToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = translate('ra.auth.user_menu');
  const initial = initialOf(identity?.fullName, 'U');
  const name = identity?.fullName?.trim() || translate('bh.menu.fallbackName');

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? 'bh-user-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          color="inherit"
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          <Avatar sx={{ width: 32, height: 32, bgcolor: 'secondary.light', color: 'secondary.contrastText' }}>{initial}</Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id="bh-user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        disableScrollLock
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1, minWidth: 240 }}>
          <Avatar sx={{ bgcolor: 'primary.main' }}>{initial}</Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {identity?.email ?? ''}
            </Typography>
          </Box>
        </Box>
        <Divider />
        {mainLinks(can).map(({ to, labelKey, icon: Icon }) => (
          <MenuItem key={to} component={LinkBase} to={to} onClick={close}>
            <ListItemIcon>
              <Icon />
            </ListItemIcon>
            <ListItemText>{translate(labelKey)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon />
          </ListItemIcon>
          <ListItemText>{translate('bh.menu.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
