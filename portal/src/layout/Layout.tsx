import { useEffect, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Layout as RaLayout, Sidebar as RaSidebar, useLocation, type SidebarProps } from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { Menu, SheetHeader } from './Menu.tsx';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import { useScreenTitle } from './useScreenTitle.ts';

/** On phones the side sheet starts with its title and who is signed in, outside the menu's list. */
function Sidebar({ children, ...props }: SidebarProps) {
  const isSheet = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <RaSidebar {...props}>
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
  useEffect(() => {
    window.scrollTo({ top: 0 });
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
