import { beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, keepFindings } from '../support/a11y.ts';
import { a11yWorld, becomeWho, openPath, pathsOf, portalStates, WHO, type A11yWorld } from '../support/a11y-states.ts';
import { useBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
const session = useBrowser('accessibility');

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
