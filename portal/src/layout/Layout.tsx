import { Component, Suspense, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { Box, GlobalStyles, styled, useMediaQuery, type Theme } from '@mui/material';
import {
  Error as RaError,
  Loading,
  Sidebar as RaSidebar,
  SkipNavigationButton,
  useLocation,
  useSidebarState,
  useTranslate,
  type SidebarProps,
} from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { Menu, SheetHeader } from './Menu.tsx';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import { useScreenTitle } from './useScreenTitle.ts';
import { APP_BAR_HEIGHT, FOCUS_CLEARANCE } from '../theme.ts';

/**
 * On phones the side sheet is a dialog named 'Menu' that starts with its title and who is signed
 * in, outside the menu's list. Closed with Escape or a tap beside it, it hands focus back to ☰;
 * closed because a menu item opened another screen, it leaves focus to that screen's heading.
 * On both surfaces the menu stands in the page's navigation landmark, named 'Main'.
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
      <nav aria-label={translate('bh.menu.navigation')}>{children}</nav>
    </RaSidebar>
  );
}

/** A screen that threw: react-admin's error page with the portal's texts; a new path tries again. */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; info?: ErrorInfo; failed: boolean }> {
  override state: { error: unknown; info?: ErrorInfo; failed: boolean } = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo) {
    this.setState({ info });
  }

  reset = () => this.setState({ error: undefined, info: undefined, failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    const error = this.state.error instanceof Error ? this.state.error : new Error(String(this.state.error));
    return <RaError error={error} errorComponent={ErrorPage} errorInfo={this.state.info} resetErrorBoundary={this.reset} />;
  }
}

/** react-admin's layout classes, kept so its parts and the portal's styles find the same frame. */
const Frame = styled('div', { name: 'RaLayout', slot: 'Root' })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: theme.palette.background.default,
  position: 'relative',
  // react-admin lets its frame grow to its widest content ('fit-content'), which made whole pages
  // scroll sideways around wide tables; here the frame is the window's width and the content column
  // may shrink, so screens fit (lists turn into cards where a table has no room).
  minWidth: 0,
  width: '100%',
  '& .RaLayout-appFrame': {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: APP_BAR_HEIGHT.desktop,
    [theme.breakpoints.down('sm')]: { marginTop: APP_BAR_HEIGHT.phone },
  },
  '& .RaLayout-contentWithSidebar': { display: 'flex', flexGrow: 1 },
  '& .RaLayout-content': {
    backgroundColor: theme.palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    minWidth: 0,
    padding: theme.spacing(0, 1),
  },
}));

/**
 * The portal's frame: the skip link, the fixed top bar, the sidebar's navigation landmark and,
 * beside it (not around it, as react-admin's layout has it), the screen's `<main>`. The bar stays
 * put on scroll, so the page keeps whatever takes focus clear of it (WCAG 2.4.11): scrolling to
 * a focused element leaves the bar's height free above it.
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
    <Frame className="layout RaLayout-root">
      <GlobalStyles
        styles={(theme: Theme) => ({
          html: {
            scrollPaddingTop: APP_BAR_HEIGHT.desktop + FOCUS_CLEARANCE,
            [theme.breakpoints.down('sm')]: { scrollPaddingTop: APP_BAR_HEIGHT.phone + FOCUS_CLEARANCE },
          },
        })}
      />
      <SkipNavigationButton />
      <div className="RaLayout-appFrame">
        <AppBar />
        <div className="RaLayout-contentWithSidebar">
          <Sidebar appBarAlwaysOn>
            <Menu />
          </Sidebar>
          <Box component="main" id="main-content" className="RaLayout-content">
            <ScreenErrorBoundary>
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </ScreenErrorBoundary>
          </Box>
        </div>
      </div>
    </Frame>
  );
}
