import { beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, keepFindings, reflowProblems, settle } from '../support/a11y.ts';
import { a11yWorld, becomeWho, distinctScreens, emptySubmit, EMPTY_SUBMIT_FORMS, openPath, pathsOf, portalStates, WHO, type A11yWorld } from '../support/a11y-states.ts';
import { useBrowser } from '../support/browser.ts';
import { measureLayout } from '../support/layout.ts';

const baseUrl = inject('baseUrl');
const session = useBrowser('accessibility-screens');

let world: A11yWorld;
beforeAll(async () => {
  world = await a11yWorld(baseUrl);
});

/**
 * axe-core's WCAG 2.2 A and AA rules, every impact, on every portal screen of every person and on
 * every state they reach there (menus and dialogs open, forms after an empty submit, grids sorted,
 * the phone's side sheet), at a phone's and a laptop's width (issue 53). One browser for the file;
 * the findings of a width are collected and reported together (also to e2e/artifacts/).
 */
describe('axe finds nothing on any portal screen or state', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`at ${viewport.width}px`, { timeout: 900_000 }, async () => {
      const { page, context } = await session.newPage({ viewport });
      const findings: string[] = [];
      const states = portalStates(world);
      let runs = 0;
      for (const who of WHO) {
        await becomeWho(context, baseUrl, world, who);
        for (const [index, path] of pathsOf(world, who).entries()) {
          await openPath(page, baseUrl, who, path, who !== 'visitor' && index > 0);
          for (const v of await axeViolations(page)) findings.push(`${who} ${path} ${viewport.width}px: ${v}`);
          runs++;
        }
        for (const state of states.filter((s) => s.who === who && (s.widths ?? [viewport.width]).includes(viewport.width))) {
          const where = `${who} ${state.path} ${viewport.width}px, ${state.name}`;
          try {
            await openPath(page, baseUrl, who, state.path);
            await state.enter(page);
          } catch (error) {
            findings.push(`${where}: the state could not be reached (${String(error).split('\n')[0]})`);
            continue;
          }
          for (const v of await axeViolations(page)) findings.push(`${where}: ${v}`);
          await state.leave?.(page);
          runs++;
        }
      }
      keepFindings(`axe-${viewport.width}`, findings);
      expect(runs).toBeGreaterThan(60);
      expect(findings, findings.join('\n')).toEqual([]);
    });
  }
});

/**
 * Reflow (WCAG 1.4.10): at 320 px, and at 200 % zoom of a 1280×800 window (a 640×400 one), no
 * screen scrolls sideways and no label, button, heading or menu item cuts its text; the forms also
 * after an empty submit, when their errors show.
 */
describe('every screen reflows at 320 px and at 200 % zoom', () => {
  for (const viewport of [
    { name: '320 px', width: 320, height: 640 },
    { name: '200 % zoom', width: 640, height: 400 },
  ]) {
    it(`at ${viewport.name}`, { timeout: 600_000 }, async () => {
      const { page, context } = await session.newPage({ viewport: { width: viewport.width, height: viewport.height } });
      const findings: string[] = [];
      const check = async (where: string) => {
        const layout = await measureLayout(page);
        const problems = new Set([...(await reflowProblems(page)), ...layout.clipped]);
        for (const p of problems) findings.push(`${where}: ${p}`);
      };
      let current: string | undefined;
      for (const { who, path } of distinctScreens(world)) {
        if (who !== current) await becomeWho(context, baseUrl, world, who);
        await openPath(page, baseUrl, who, path, who !== 'visitor' && who === current);
        current = who;
        await check(`${who} ${path} ${viewport.name}`);
      }
      for (const { who, path } of EMPTY_SUBMIT_FORMS) {
        await becomeWho(context, baseUrl, world, who);
        await openPath(page, baseUrl, who, path);
        await emptySubmit(page);
        await settle(page);
        await check(`${who} ${path} ${viewport.name}, after an empty submit`);
      }
      keepFindings(`reflow-${viewport.width}`, findings);
      expect(findings, findings.join('\n')).toEqual([]);
    });
  }
});
