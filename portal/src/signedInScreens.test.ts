import { describe, expect, it } from 'vitest';
import { firstModulesFor, loadDashboard, loadLayout, loadNoticeGate } from './signedInScreens.ts';

describe('what a page opened directly starts loading (issue 20)', () => {
  it('asks for nothing behind the login on the sign-in pages', () => {
    for (const path of ['/login', '/login/forgot', '/login/reset', '/login/welcome']) expect(firstModulesFor(path), path).toEqual([]);
  });

  it('asks for the shell, the notice gate and the dashboard together on /dashboard and /, as the server’s page for them names', () => {
    for (const path of ['/dashboard', '/', '/Dashboard', '/dashboard/']) expect(firstModulesFor(path), path).toEqual([loadLayout, loadNoticeGate, loadDashboard]);
  });

  it('asks for the shell and the notice gate on every other screen, its own chunk being its route’s', () => {
    for (const path of ['/meetinghistory', '/privacy', '/admin/register', '/loginx']) expect(firstModulesFor(path), path).toEqual([loadLayout, loadNoticeGate]);
  });
});
