import { useEffect, useState } from 'react';
import {
  Box,
  Collapse,
  Divider,
  Link,
  List,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  MenuItem,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import VerifiedIcon from '@mui/icons-material/Verified';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { Menu as RaMenu, useLocation, useSidebarState, useTranslate } from 'react-admin';
import type { AdminMenuEntry, AdminMenuGroup } from '../admin/index.ts';
import { useAccess, usePortalIdentity } from '../providers/hooks.ts';
import { adminSection, mainLinks } from './menuLinks.ts';
import { useLogoutWithToast } from './useLogoutWithToast.ts';

const GROUP_ICONS: Record<AdminMenuGroup, typeof VerifiedIcon> = {
  verification: VerifiedIcon,
  coupons: LocalOfferIcon,
};

/**
 * The sidebar. On desktop it is the menu of spec §6; on phones react-admin turns it into the
 * slide-out side sheet, which carries its own title (linking to the public home page) and Logout,
 * follows the sheet's menu rule, and closes on every navigation and on logout.
 */
export function Menu() {
  const translate = useTranslate();
  const isSheet = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [, setOpen] = useSidebarState();
  const { pathname } = useLocation();
  const { can } = useAccess();
  const logout = useLogoutWithToast();

  useEffect(() => {
    if (isSheet) setOpen(false);
  }, [pathname, isSheet, setOpen]);

  const admin = adminSection(can, isSheet ? 'sheet' : 'desktop');

  return (
    <RaMenu>
      {isSheet ? <SheetHeader /> : null}
      {mainLinks(can).map(({ to, labelKey, icon: Icon }) => (
        <RaMenu.Item key={to} to={to} primaryText={labelKey} leftIcon={<Icon />} />
      ))}
      {admin ? (
        <>
          <Divider sx={{ my: 1 }} />
          <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5 }}>
            {translate('bh.menu.adminTools')}
          </ListSubheader>
          {admin.map((item) =>
            item.kind === 'entry' ? (
              <AdminItem key={item.entry.path} entry={item.entry} />
            ) : (
              <SubMenu key={item.group} labelKey={item.labelKey} icon={GROUP_ICONS[item.group]} entries={item.entries} />
            ),
          )}
        </>
      ) : null}
      {isSheet ? (
        <>
          <Divider sx={{ my: 1 }} />
          <MenuItem
            onClick={() => {
              setOpen(false);
              void logout();
            }}
          >
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText>{translate('bh.menu.logout')}</ListItemText>
          </MenuItem>
        </>
      ) : null}
    </RaMenu>
  );
}

function AdminItem({ entry }: { entry: AdminMenuEntry }) {
  const Icon = entry.icon;
  return <RaMenu.Item to={entry.path} primaryText={entry.labelKey} leftIcon={<Icon />} />;
}

function SubMenu({ labelKey, icon: Icon, entries }: { labelKey: string; icon: typeof VerifiedIcon; entries: AdminMenuEntry[] }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(() => entries.some((e) => pathname.toLowerCase().startsWith(e.path.toLowerCase())));
  const label = translate(labelKey);
  return (
    <>
      <MenuItem onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <ListItemText>{label}</ListItemText>
        {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </MenuItem>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List component="div" disablePadding aria-label={label} sx={{ pl: 1.5 }}>
          {entries.map((entry) => (
            <AdminItem key={entry.path} entry={entry} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function SheetHeader() {
  const translate = useTranslate();
  const { identity } = usePortalIdentity();
  return (
    <Box sx={{ px: 2, pt: 2, pb: 1 }}>
      {/* The public home page is the static site, so this is a full page load, not a portal route. */}
      <Link href="/" underline="none" variant="h6" color="primary" sx={{ fontWeight: 700 }}>
        {translate('bh.app.mobileTitle')}
      </Link>
      {identity ? (
        <>
          <Typography variant="subtitle2" noWrap sx={{ mt: 1 }}>
            {identity.fullName?.trim() || translate('bh.menu.fallbackName')}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {identity.email}
          </Typography>
        </>
      ) : null}
      <Divider sx={{ mt: 1.5 }} />
    </Box>
  );
}
