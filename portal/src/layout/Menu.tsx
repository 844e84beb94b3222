import { useEffect, useRef, useState } from 'react';
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
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import VerifiedIcon from '@mui/icons-material/Verified';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { Menu as RaMenu, useLocation, useSidebarState, useTranslate } from 'react-admin';
import type { AdminMenuEntry, AdminMenuGroup } from '../screens.ts';
import { useAccess, usePortalIdentity } from '../providers/hooks.ts';
import { adminSection, mainLinks, type MenuLink } from './menuLinks.ts';
import { LogoutMenuItem } from './LogoutMenuItem.tsx';

const GROUP_ICONS: Record<AdminMenuGroup, typeof VerifiedIcon> = {
  verification: VerifiedIcon,
  coupons: LocalOfferIcon,
};

/**
 * The sidebar. On desktop it is the menu of spec §6; on phones react-admin turns it into the
 * slide-out side sheet, which carries its own title (see Sidebar) and Logout,
 * follows the sheet's menu rule, and closes on every navigation and on logout.
 *
 * The collapsed desktop rail shows icons only: every label moves into a tooltip (and the item's
 * accessible name), so nothing wraps or sticks out of the rail.
 *
 * Every line is reachable by Tab as well as by the arrows: react-admin's links are, and so are the
 * submenu toggles, the disabled lines and Logout (a menu list would leave them to the arrows only).
 */
export function Menu() {
  const translate = useTranslate();
  const isSheet = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useSidebarState();
  const { key: navigation } = useLocation();
  const { can } = useAccess();
  const collapsed = !isSheet && !open;

  // The sheet closes when the route changes, never merely because it mounted: the temporary
  // drawer mounts this menu as it opens, and useMediaQuery answers false on that first render and
  // true right after, so an effect keyed on the media query closed the sheet ~200 ms after ☰.
  // Keyed on the navigation, not the path: a route that turns a link away sends the person back to
  // the path they came from, and that return is a navigation of its own that must close the sheet.
  const shownNavigation = useRef(navigation);
  useEffect(() => {
    if (shownNavigation.current === navigation) return;
    shownNavigation.current = navigation;
    if (isSheet) setOpen(false);
  }, [navigation, isSheet, setOpen]);

  const admin = adminSection(can, isSheet ? 'sheet' : 'desktop');
  // A tapped link closes the sheet too: a link the route turns away (an admin tool for an admin not
  // yet verified) comes back to the same path, which the effect above never sees change.
  const closeSheet = isSheet ? () => setOpen(false) : undefined;

  return (
    <RaMenu sx={MENU_TEXT_WRAPS}>
      {mainLinks(can).map((link) =>
        link.disabled ? (
          <DisabledItem key={link.to} link={link} collapsed={collapsed} />
        ) : (
          <RaMenu.Item key={link.to} to={link.to} primaryText={link.labelKey} leftIcon={<link.icon />} onClick={closeSheet} />
        ),
      )}
      {admin ? (
        <>
          <Divider component="li" sx={{ my: 1 }} />
          {collapsed ? null : (
            // Inside the menu only menu items and separators may stand, so the heading is plain text.
            <ListSubheader component="li" role="presentation" disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5 }}>
              {translate('bh.menu.adminTools')}
            </ListSubheader>
          )}
          {admin.map((item) =>
            item.kind === 'entry' ? (
              <AdminItem key={item.entry.path} entry={item.entry} onClick={closeSheet} />
            ) : (
              <SubMenu
                key={item.group}
                labelKey={item.labelKey}
                icon={GROUP_ICONS[item.group]}
                entries={item.entries}
                collapsed={collapsed}
                onClick={closeSheet}
              />
            ),
          )}
        </>
      ) : null}
      {isSheet ? (
        <>
          <Divider component="li" sx={{ my: 1 }} />
          <LogoutMenuItem onClose={() => setOpen(false)} tabIndex={0} />
        </>
      ) : null}
    </RaMenu>
  );
}

/**
 * A menu line that is there but not usable yet, saying why in a tooltip. It stays focusable (with
 * aria-disabled) so keyboard and screen-reader users find it and its reason too.
 */
/**
 * A line's text wraps in the sidebar's width rather than being cut with an ellipsis: with the text
 * spacing a person may set (WCAG 1.4.12) 'Verified BH Associates' no longer fits on one line.
 */
const MENU_TEXT_WRAPS = {
  '& .MuiTypography-noWrap, & .MuiListItemText-primary, & .MuiMenuItem-root': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
} as const;

function DisabledItem({ link, collapsed }: { link: MenuLink; collapsed: boolean }) {
  const translate = useTranslate();
  const label = translate(link.labelKey);
  const reason = translate('bh.menu.needsVerification');
  const Icon = link.icon;
  return (
    <Tooltip title={collapsed ? `${label}: ${reason}` : reason} placement="right" describeChild>
      <MenuItem aria-disabled="true" aria-label={label} tabIndex={0} sx={{ color: 'text.disabled', cursor: 'default' }}>
        <ListItemIcon sx={{ color: 'text.disabled' }}>
          <Icon />
        </ListItemIcon>
        {collapsed ? null : <ListItemText slotProps={{ primary: { noWrap: true } }}>{label}</ListItemText>}
      </MenuItem>
    </Tooltip>
  );
}

function AdminItem({ entry, onClick }: { entry: AdminMenuEntry; onClick: (() => void) | undefined }) {
  const Icon = entry.icon;
  return <RaMenu.Item to={entry.path} primaryText={entry.labelKey} leftIcon={<Icon />} onClick={onClick} />;
}

function SubMenu({
  labelKey,
  icon: Icon,
  entries,
  collapsed,
  onClick,
}: {
  labelKey: string;
  icon: typeof VerifiedIcon;
  entries: AdminMenuEntry[];
  collapsed: boolean;
  onClick: (() => void) | undefined;
}) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(() => entries.some((e) => pathname.toLowerCase().startsWith(e.path.toLowerCase())));
  const label = translate(labelKey);
  const toggle = (
    <MenuItem onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} aria-label={collapsed ? label : undefined} tabIndex={0}>
      <ListItemIcon>
        <Icon />
      </ListItemIcon>
      {collapsed ? null : <ListItemText slotProps={{ primary: { noWrap: true } }}>{label}</ListItemText>}
      {collapsed ? null : expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
    </MenuItem>
  );
  return (
    <>
      {collapsed ? (
        <Tooltip title={label} placement="right">
          {toggle}
        </Tooltip>
      ) : (
        toggle
      )}
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List component="div" role="group" disablePadding aria-label={label} sx={{ pl: collapsed ? 0 : 1.5 }}>
          {entries.map((entry) => (
            <AdminItem key={entry.path} entry={entry} onClick={onClick} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The side sheet's title (linking to the public home page) and who is signed in, above its menu. */
export function SheetHeader() {
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
          <Typography variant="subtitle2" component="p" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {identity.fullName?.trim() || translate('bh.menu.fallbackName')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {identity.email}
          </Typography>
        </>
      ) : null}
      <Divider sx={{ mt: 1.5 }} />
    </Box>
  );
}
