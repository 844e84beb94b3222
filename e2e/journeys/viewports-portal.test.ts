import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { measureLayout, seriousAxeViolations, VIEWPORTS, type Viewport } from '../support/layout.ts';
import { castOfPortal, openScreen, ROLES, signInContext, type PortalCast, type PortalRole } from '../support/portal-roles.ts';

const baseUrl = inject('baseUrl');
const session = useBrowser('viewports-portal');

let cast: PortalCast;
beforeAll(async () => {
  cast = await castOfPortal(baseUrl);
});

/** The menu and Logout can be reached: the side sheet on a phone, the sidebar and avatar menu wider up. */
async function menuProblems(page: Page, viewport: Viewport, role: PortalRole): Promise<string[]> {
  const problems: string[] = [];
  const where = `${role} at ${viewport.width}px`;
  if (viewport.width < 600) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    // Still open well after the slide-in (it used to close itself ~200 ms after opening).
    await page.waitForTimeout(700);
    const dashboard = page.getByRole('menuitem', { name: 'Dashboard' });
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    if (!(await dashboard.isVisible())) problems.push(`${where}: the side sheet shows no Dashboard`);
    if (!(await logout.isVisible())) problems.push(`${where}: the side sheet shows no Logout`);
    await page.keyboard.press('Escape');
    await logout.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => problems.push(`${where}: Escape does not close the sheet`));
  } else {
    if (!(await page.getByRole('menuitem', { name: 'Dashboard' }).first().isVisible())) problems.push(`${where}: no sidebar menu`);
    await page.getByRole('button', { name: 'Profile' }).click();
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await logout.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => problems.push(`${where}: the avatar menu shows no Logout`));
    await page.keyboard.press('Escape');
    await logout.waitFor({ state: 'hidden', timeout: 5_000 });
  }
  return problems;
}

/**
 * Every portal screen, as every role that may open it, at a phone's, a tablet's and a laptop's
 * width (DESIGN §9): the page never scrolls sideways, no button, heading, table header or menu
 * item cuts its text, each screen has its own title and takes focus to its heading when reached
 * from another, and the menu with Logout is reachable. At the
 * phone's and the laptop's width axe-core finds no serious or critical violation.
 */
describe('portal screens at three widths', () => {
  for (const viewport of VIEWPORTS) {
    const withAxe = viewport.width === 390 || viewport.width === 1280;
    it(`${viewport.name} ${viewport.width}×${viewport.height}: every role's screens fit${withAxe ? ', and axe finds nothing serious' : ''}`, { timeout: 600_000 }, async () => {
      const { page, context } = await session.newPage({ viewport: { width: viewport.width, height: viewport.height } });
      const problems: string[] = [];
      const axeFindings: string[] = [];
      for (const role of ROLES) {
        await context.clearCookies();
        await signInContext(context, baseUrl, cast.sessions[role]);
        for (const [index, screen] of cast.screens[role].entries()) {
          const where = `${role} ${screen.path} at ${viewport.width}px`;
          // The first screen loads the app with the role's session; the rest are reached inside it.
          await openScreen(page, baseUrl, screen, { within: index > 0 });
          const layout = await measureLayout(page);
          if (layout.documentWidth > layout.windowWidth) problems.push(`${where}: the page is ${layout.documentWidth}px wide in a ${layout.windowWidth}px window`);
          for (const clip of layout.clipped) problems.push(`${where}: ${clip}`);
          const title = await page.title();
          if (!/^\S.* · Better Health$/.test(title)) problems.push(`${where}: the browser title is '${title}'`);
          if (withAxe) {
            for (const v of await seriousAxeViolations(page)) axeFindings.push(`${where}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`);
          }
        }
        await openScreen(page, baseUrl, { path: '/dashboard' }, { within: true });
        problems.push(...(await menuProblems(page, viewport, role)));
      }
      expect(problems, problems.join('\n')).toEqual([]);
      expect(axeFindings, axeFindings.join('\n')).toEqual([]);
    });
  }
});
