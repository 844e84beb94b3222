import { useEffect, useRef, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Layout as RaLayout, Sidebar as RaSidebar, useLocation, useSidebarState, useTranslate, type SidebarProps } from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { Menu, SheetHeader } from './Menu.tsx';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import { useScreenTitle } from './useScreenTitle.ts';

/**
 * On phones the side sheet is a dialog named 'Menu' that starts with its title and who is signed
 * in, outside the menu's list. Closed with Escape or a tap beside it, it hands focus back to ☰;
 * closed because a menu item opened another screen, it leaves focus to that screen's heading.
 */
function Sidebar({ children, ...props }: SidebarProps) {
  const translate = useTranslate();
  const isSheet = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { pathname } = useLocation();
  const [open] = useSidebarState();
  const wasOpen = useRef(open);
  const openedOn = useRef(pathname);
  if (open && !wasOpen.current) openedOn.current = pathname;
  wasOpen.current = open;
  const sheetProps = isSheet
    ? { slotProps: { paper: { 'aria-label': translate('bh.menu.sheet') } }, disableRestoreFocus: pathname !== openedOn.current }
    : {};
  return (
    <RaSidebar {...props} {...sheetProps}>
      {isSheet ? <SheetHeader /> : null}
      {children}
    </RaSidebar>
  );
}

/**
 * react-admin's layout with the portal's top bar, menu and error page; the bar stays put on scroll.
 * react-admin lets its frame grow to its widest content ('fit-content'), which made whole pages
 * scroll sideways around wide tables; here the frame is the window's width and the content column
 * may shrink, so screens fit (lists turn into cards where a table has no room).
 */
export default function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Every new screen starts at its top (spec §2.1), not where the previous one was scrolled to.
  // Scrolled in the next frame, before its paint: scrolling lays the page out, and here, in an
  // effect of the commit that drew the screen, it did so inside the commit's task (docs/speed.md).
  useEffect(() => {
    const frame = requestAnimationFrame(() => window.scrollTo({ top: 0 }));
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  useScreenTitle();
  return (
    <RaLayout
      appBar={AppBar}
      appBarAlwaysOn
      menu={Menu}
      sidebar={Sidebar}
      error={ErrorPage}
      sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
    >
      {children}
    </RaLayout>
  );
}
