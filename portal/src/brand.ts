/**
 * The name, the loading line and the theme's colours, as plain values: the theme (theme.ts) and the
 * messages (i18n/en.ts) read them, and so does the build, which writes them into the page that shows
 * while the portal's script arrives (the `bootScreen` plugin in vite.config.ts). No imports, so the
 * build can load it without the app.
 */
export const BRAND_TEXTS = {
  name: 'Better Health',
  loading: 'Loading…',
} as const;

export const BRAND_COLOURS = {
  primary: { light: '#5eead4', main: '#0f766e', dark: '#115e59', contrastText: '#ffffff' },
  secondary: { light: '#99f6e4', main: '#134e4a', dark: '#042f2e', contrastText: '#ffffff' },
  background: '#f6faf9',
  /** Secondary text on the page before the app starts. */
  quietText: '#374151',
} as const;
