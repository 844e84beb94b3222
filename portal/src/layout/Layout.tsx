import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, useLocation } from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { Menu } from './Menu.tsx';
import { ErrorPage } from '../pages/ErrorPage.tsx';

/**
 * react-admin's layout with the portal's top bar, menu and error page; the bar stays put on scroll.
 * The content column may shrink below its tables' width (they scroll sideways instead), so wide
 * tables never squeeze the menu.
 */
export default function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Every new screen starts at its top (spec §2.1), not where the previous one was scrolled to.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);
  return (
    <RaLayout appBar={AppBar} appBarAlwaysOn menu={Menu} error={ErrorPage} sx={{ '& .RaLayout-content': { minWidth: 0 } }}>
      {children}
    </RaLayout>
  );
}
