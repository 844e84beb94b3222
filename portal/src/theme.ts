import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { BRAND_COLOURS } from './brand.ts';

/** The fixed top bar's height (react-admin's dense toolbar; taller on phones), in px. */
export const APP_BAR_HEIGHT = { desktop: 48, phone: 56 } as const;
/** Room kept between the top bar and an element that takes focus, so its focus ring shows too. */
export const FOCUS_CLEARANCE = 8;

/** The keyboard focus ring: a solid outline in the top bar's dark teal, apart from the element. */
const FOCUS_RING = { outline: `3px solid ${BRAND_COLOURS.secondary.main}`, outlineOffset: 2 } as const;

/** react-admin's light theme in Better Health's teal; the top bar uses the darker secondary shade. */
export const theme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { ...BRAND_COLOURS.primary },
    secondary: { ...BRAND_COLOURS.secondary },
    // Darker than MUI's defaults, so warning and info chips and buttons read at 4.5:1 (WCAG AA).
    warning: { light: '#f59e0b', main: '#b45309', dark: '#92400e', contrastText: '#ffffff' },
    info: { light: '#38bdf8', main: '#0369a1', dark: '#075985', contrastText: '#ffffff' },
    // MUI's #d32f2f reads at 4.37:1 as a focused field's label after an empty submit (over a filled
    // field's 6 % tint on a white card); this red keeps 5.3:1 there even under the pointer's 9 %.
    error: { light: '#ef4444', main: '#b91c1c', dark: '#991b1b', contrastText: '#ffffff' },
    background: { default: BRAND_COLOURS.background },
  },
  shape: { borderRadius: 10 },
  // Wide enough for 'Verified BH Associates' inside its submenu.
  sidebar: { width: 272, closedWidth: 55 },
  components: {
    ...defaultLightTheme.components,
    // react-admin paints 'Skip to content' white on the page's near-white (1.05:1): here it is the
    // brand's teal button with white text (5.5:1) and a focus ring, shown while it has focus.
    RaSkipNavigationButton: {
      defaultProps: { onClick: skipToContent },
      styleOverrides: {
        root: {
          backgroundColor: BRAND_COLOURS.primary.main,
          color: BRAND_COLOURS.primary.contrastText,
          // Shown just below the fixed bar (56 px on phones, 48 above), never under it or over its
          // menu button, so the link and the button both stay whole targets.
          zIndex: 1301,
          '&:hover': { opacity: 1, backgroundColor: BRAND_COLOURS.primary.dark },
          '&:focus, &:focus-visible, &.Mui-focusVisible': { ...FOCUS_RING, top: 64, left: 8 },
        },
      },
    },
    // A status chip's label wraps instead of being cut ('Meeting Ended' at 320 px).
    MuiChip: {
      styleOverrides: {
        root: { height: 'auto', minHeight: 24, maxWidth: '100%' },
        label: { whiteSpace: 'normal', overflowWrap: 'anywhere', paddingTop: 2, paddingBottom: 2 },
      },
    },
    // Tooltips on one solid dark ground (white text at 14:1), not MUI's translucent grey.
    MuiTooltip: { styleOverrides: { tooltip: { backgroundColor: '#1f2937', color: '#ffffff' } } },
  },
};

/**
 * 'Skip to content' moves focus to the screen's heading (or the main area), so the next Tab goes
 * on from there; react-admin's own focused the area and blurred it again at once.
 */
function skipToContent(): void {
  const main = document.getElementById('main-content');
  if (!main) return;
  const target = main.querySelector<HTMLElement>('h1') ?? main;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}
