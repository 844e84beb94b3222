import { describe, expect, it } from 'vitest';
import { isSignInPage, PORTAL_PAGES, portalPageFor } from './portal-pages.ts';

describe('which page the portal sends for a path (issue 20)', () => {
  it('sends /login the page with its form drawn in, and the other sign-in pages the plain one', () => {
    for (const path of ['/login', '/login/', '/Login']) expect(portalPageFor(path), path).toBe(PORTAL_PAGES.login);
    for (const path of ['/login/forgot', '/login/reset', '/login/welcome', '/LOGIN/forgot']) expect(portalPageFor(path), path).toBe(PORTAL_PAGES.signIn);
  });

  it('sends the dashboard’s page on / and /dashboard, and the shell’s behind the login elsewhere', () => {
    for (const path of ['/', '/dashboard', '/Dashboard', '/dashboard/']) expect(portalPageFor(path), path).toBe(PORTAL_PAGES.dashboard);
    for (const path of ['/details', '/meetinghistory', '/privacy', '/admin/register', '/dashboard/x', '/loginx']) expect(portalPageFor(path), path).toBe(PORTAL_PAGES.signedIn);
  });

  it('counts both sign-in pages as sign-in pages, and no other', () => {
    expect(Object.values(PORTAL_PAGES).filter(isSignInPage)).toEqual([PORTAL_PAGES.login, PORTAL_PAGES.signIn]);
  });
});
