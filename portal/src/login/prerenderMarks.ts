/**
 * The attribute by which the build marks the portal's root in login.html, whose sign-in page it has
 * drawn already (vite.config.ts, src/login/prerender.tsx): the app hydrates that page instead of
 * drawing it again (start.tsx).
 */
export const PRERENDERED_ROOT = 'data-prerendered';
