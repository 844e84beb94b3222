import { useState, type MouseEvent } from 'react';
import { Avatar, Box, Divider, IconButton, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { initialOf } from '@bh/shared';
import { useAccess, usePortalIdentity } from '../providers/hooks.ts';
import { adminSection, mainLinks } from './menuLinks.ts';
import { LogoutMenuItem } from './LogoutMenuItem.tsx';

/**
 * The desktop avatar dropdown (spec §2.4): the name's initial (or 'U'), the name (or 'User'), the
 * email, the menu links (Admin Tools too for a verified admin, spec §6) and Logout.
 */
export function UserMenu() {
  const translate = useTranslate();
  const { identity } = usePortalIdentity();
  const { can } = useAccess();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = translate('ra.auth.user_menu');
  const initial = initialOf(identity?.fullName, 'U');
  const name = identity?.fullName?.trim() || translate('bh.menu.fallbackName');
  // The avatar menu lists the admin screens flat, each submenu's screens under its name.
  const adminLinks = (adminSection(can, 'desktop') ?? []).flatMap((item) => (item.kind === 'entry' ? [item.entry] : item.entries));

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
        {/* Who is signed in: plain text in the menu (no paragraphs, which a menu may not hold). */}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1, minWidth: 240 }}>
          <Avatar aria-hidden="true" sx={{ bgcolor: 'primary.main' }}>
            {initial}
          </Avatar>
          <Box sx={{ minWidth: 0, maxWidth: 280 }}>
            <Typography variant="subtitle2" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Typography variant="body2" component="div" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {identity?.email ?? ''}
            </Typography>
          </Box>
        </Box>
        <Divider />
        {mainLinks(can).map(({ to, labelKey, icon: Icon, disabled }) =>
          disabled ? (
            <MenuItem key={to} disabled>
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText secondary={translate('bh.menu.needsVerification')}>{translate(labelKey)}</ListItemText>
            </MenuItem>
          ) : (
            <MenuItem key={to} component={LinkBase} to={to} onClick={close}>
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText>{translate(labelKey)}</ListItemText>
            </MenuItem>
          ),
        )}
        {adminLinks.length > 0 ? <Divider /> : null}
        {adminLinks.length > 0 ? (
          // The admin screens are a group of the menu named by its heading: a menu holds only
          // items, groups and separators, so the heading is no list item of its own.
          <Box role="group" aria-labelledby="bh-user-menu-admin">
            <ListSubheader id="bh-user-menu-admin" component="div" sx={{ lineHeight: 2.5 }}>
              {translate('bh.menu.adminTools')}
            </ListSubheader>
            {adminLinks.map(({ path, labelKey, icon: Icon }) => (
              <MenuItem key={path} component={LinkBase} to={path} onClick={close}>
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText>{translate(labelKey)}</ListItemText>
              </MenuItem>
            ))}
          </Box>
        ) : null}
        <Divider />
        <LogoutMenuItem onClose={close} />
      </Menu>
    </>
  );
}
