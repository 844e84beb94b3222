import { loadInSteps } from './boot/steps.ts';

/**
 * The portal starts in steps, each in a task of its own (issue 20: a phone's blocking time): React
 * and the style engine with this file, then MUI's components, then zod and the shared schemas, then
 * the app (start.tsx), which makes its router and providers in a task of their own before the first
 * render. The page names every step's file, so they all arrive together; running them one task at a
 * time keeps each task short, and a tap or a key press is answered in between.
 */
const root = document.getElementById('root');
if (root) {
  void loadInSteps([() => import('./boot/mui.ts'), () => import('./boot/schemas.ts')], () => import('./start.tsx')).then(({ startPortal }) =>
    startPortal(root),
  );
}
