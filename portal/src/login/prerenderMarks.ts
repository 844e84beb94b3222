/**
 * The attribute by which the build marks the portal's root in login.html, whose sign-in page it has
 * drawn already (vite.config.ts, src/login/prerender.tsx): the app hydrates that page instead of
 * drawing it again (start.tsx).
 */
export const PRERENDERED_ROOT = 'data-prerendered';

let drawn = false;

/**
 * Says that the sign-in page is the one drawn into login.html: called as it is drawn at build time
 * (prerender.tsx) and before the app hydrates it (start.tsx). That page shows the form from its
 * first render (the server has already sent anyone signed in to the dashboard); drawn by the app
 * alone, the page waits for the sign-in check first, so a signed-in visitor never sees the form.
 */
export function markLoginPageDrawn(): void {
  drawn = true;
}

export function isLoginPageDrawn(): boolean {
  return drawn;
}
