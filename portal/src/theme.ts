import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's light theme in Better Health's teal; the top bar uses the darker secondary shade. */
export const theme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { light: '#5eead4', main: '#0f766e', dark: '#115e59', contrastText: '#ffffff' },
    secondary: { light: '#99f6e4', main: '#134e4a', dark: '#042f2e', contrastText: '#ffffff' },
    // Darker than MUI's defaults, so warning and info chips and buttons read at 4.5:1 (WCAG AA).
    warning: { light: '#f59e0b', main: '#b45309', dark: '#92400e', contrastText: '#ffffff' },
    info: { light: '#38bdf8', main: '#0369a1', dark: '#075985', contrastText: '#ffffff' },
    background: { default: '#f6faf9' },
  },
  shape: { borderRadius: 10 },
  // Wide enough for 'Verified BH Associates' inside its submenu.
  sidebar: { width: 272, closedWidth: 55 },
};
