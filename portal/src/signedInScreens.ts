/**
 * The modules a signed-in person sees first: the shell (top bar, menus) and the dashboard. App.tsx
 * loads them lazily, so the sign-in page stays small; the sign-in form asks for them as soon as
 * someone types into it or presses on it (not on focus: the email field has focus from the start,
 * and a page that only loads must stay light), so after the Login click the dashboard needs no round of script
 * requests of its own (issue 20: at most 6 after the click, no chain deeper than 2). Vite's
 * dynamic import fetches a chunk and its shared chunks in parallel (modulepreload), and a module
 * asked for twice is fetched once.
 */
export const loadLayout = () => import('./layout/Layout.tsx');
export const loadDashboard = () => import('./dashboard/Dashboard.tsx');

let asked = false;

/** Starts fetching the shell and the dashboard, once; a failure is left to the lazy route to report. */
export function preloadSignedInScreens(): void {
  if (asked) return;
  asked = true;
  void loadLayout().catch(() => {});
  void loadDashboard().catch(() => {});
}
