import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { BRAND_COLOURS } from './brand.ts';

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
    background: { default: BRAND_COLOURS.background },
  },
  shape: { borderRadius: 10 },
  // Wide enough for 'Verified BH Associates' inside its submenu.
  sidebar: { width: 272, closedWidth: 55 },
};
