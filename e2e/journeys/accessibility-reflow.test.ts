import { beforeAll, describe, expect, inject, it } from 'vitest';
import { keepFindings, reflowProblems, settle } from '../support/a11y.ts';
import { a11yWorld, becomeWho, distinctScreens, emptySubmit, EMPTY_SUBMIT_FORMS, openPath, type A11yWorld } from '../support/a11y-states.ts';
import { useBrowser } from '../support/browser.ts';
import { measureLayout } from '../support/layout.ts';

const baseUrl = inject('baseUrl');
const session = useBrowser('accessibility-reflow');

let world: A11yWorld;
beforeAll(async () => {
  world = await a11yWorld(baseUrl);
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
