import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, errorTieProblems, focusAfterErrorProblems, focusReturnProblems, reflowProblems, tabWalk, unreachedByTab } from '../support/a11y.ts';
import { useBrowser } from '../support/browser.ts';

/**
 * The accessibility suite's own checks, on small pages made for them: each passes on a page built
 * to be right and fails on one with the fault it looks for. Without this a check that can never
 * fail would read as a clean portal.
 */
const session = useBrowser('accessibility-checks');
const WINDOW = { width: 640, height: 400 };

interface Faults {
  /** The bar is fixed and the page keeps no room for it when focus scrolls. */
  focusUnderBar?: boolean;
  /** A menu item is taken out of the Tab order. */
  unreachableItem?: boolean;
  /** The invalid field has no description, and its error stands alone. */
  untiedError?: boolean;
  /** A box wider than the window, and a label that cuts its text. */
  sidewaysScroll?: boolean;
  /** The dialog does not give focus back to its opener, and the submit drops focus to the page. */
  lostFocus?: boolean;
  /** An image with no text alternative (critical) and a deprecated role (minor). */
  axeFault?: boolean;
}

function fixture(f: Faults = {}): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fixture</title><style>
  html { ${f.focusUnderBar ? '' : 'scroll-padding-top: 64px;'} }
  body { margin: 0; padding-top: 56px; font: 16px/1.5 sans-serif; color: #111; background: #fff; }
  header { position: fixed; top: 0; left: 0; right: 0; height: 48px; background: #0b3d5c; color: #fff; padding: 0 16px; }
  header a { color: #fff; }
  main { padding: 0 16px 16px; }
  .rows button { display: block; margin: 4px 0; }
  .gap { height: 500px; }
  .err { color: #b00020; }
  .wide { width: ${f.sidewaysScroll ? '900px' : 'auto'}; }
  .cut { display: inline-block; ${f.sidewaysScroll ? 'width: 60px;' : ''} white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  dialog { border: 2px solid #111; }
</style></head><body>
<header><a href="#main">Skip to content</a></header>
<nav aria-label="Main menu"><ul>
  <li><a href="#dashboard">Dashboard</a></li>
  <li><a href="#coupons" ${f.unreachableItem ? 'tabindex="-1"' : ''}>Coupons</a></li>
  <li><button type="button">Logout</button></li>
</ul></nav>
<main id="main"><h1>Fixture</h1>
  <p class="wide">Some text.</p>
  <button type="button" id="opener">Open dialog</button>
  <dialog id="dialog" aria-labelledby="dialog-title"><h2 id="dialog-title">A dialog</h2><button type="button" id="close">Close</button></dialog>
  <form novalidate id="form">
    <label for="email" class="cut">Your email address at work</label>
    <input id="email" name="email" aria-invalid="true" ${f.untiedError ? '' : 'aria-describedby="email-error"'}>
    <p id="email-error" class="MuiFormHelperText-root Mui-error err">Email is required</p>
    <div class="gap"></div>
    <button type="submit" id="submit">Send</button>
    <div class="rows">${Array.from({ length: 16 }, (_, i) => `<button type="button">Row ${i + 1}</button>`).join('')}</div>
  </form>
  ${f.axeFault ? '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"><div role="directory"><a href="#a">A</a></div>' : ''}
</main>
<script>
  const dialog = document.getElementById('dialog');
  document.getElementById('opener').addEventListener('click', () => dialog.showModal());
  document.getElementById('close').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => { ${f.lostFocus ? 'document.activeElement && document.activeElement.blur();' : "document.getElementById('opener').focus();"} });
  document.getElementById('form').addEventListener('submit', (e) => {
    e.preventDefault();
    ${f.lostFocus ? 'document.getElementById("submit").blur();' : 'document.getElementById("email").focus();'}
  });
</script>
</body></html>`;
}

async function load(f: Faults = {}): Promise<Page> {
  const { page } = await session.newPage({ viewport: WINDOW });
  await page.setContent(fixture(f));
  return page;
}

describe('the accessibility checks', () => {
  it('pass on a page built to be right', async () => {
    const page = await load();
    expect(await axeViolations(page)).toEqual([]);
    expect((await tabWalk(page)).problems).toEqual([]);
    expect((await tabWalk(page, { backwards: true })).problems).toEqual([]);
    expect(await unreachedByTab(page, 'nav')).toEqual([]);
    expect(await errorTieProblems(page)).toEqual({ invalid: 1, errors: 1, problems: [] });
    expect(await reflowProblems(page)).toEqual([]);
    expect(await focusReturnProblems(page, page.locator('#opener'), page.locator('#dialog'), (p) => p.locator('#close').click())).toEqual([]);
    await page.locator('#submit').focus();
    await page.keyboard.press('Enter');
    expect(await focusAfterErrorProblems(page, page.locator('#submit'))).toEqual([]);
  });

  it('find an element Shift+Tab leaves under the fixed bar', async () => {
    const page = await load({ focusUnderBar: true });
    const walk = await tabWalk(page, { backwards: true });
    expect(walk.problems.join('\n')).toMatch(/Shift\+Tab stop \d+ <button> "Row \d+" is (hidden|partly \(\d\/\d points\)) under <header> "Skip to content"/);
  });

  it('find a focused element that is not shown', async () => {
    const page = await load();
    await page.evaluate(`document.querySelector('nav a').style.opacity = '0'`);
    expect((await tabWalk(page)).problems.join('\n')).toMatch(/<a> "Dashboard" is focused but not shown/);
  });

  it('find a menu item Tab does not reach', async () => {
    const page = await load({ unreachableItem: true });
    expect(await unreachedByTab(page, 'nav')).toEqual(['<a> "Coupons" is not reached by Tab']);
    expect(await unreachedByTab(page, '.no-such-menu')).toEqual(['nothing interactive is shown in .no-such-menu']);
  });

  it('find an error not tied to its field', async () => {
    const page = await load({ untiedError: true });
    const tie = await errorTieProblems(page);
    expect(tie.problems).toEqual([
      '<input#email> "Your email address at work" is aria-invalid but no visible text describes it (aria-describedby)',
      'the error "Email is required" is tied to no aria-invalid field',
    ]);
  });

  it('find sideways scroll and a cut label', async () => {
    const page = await load({ sidewaysScroll: true });
    const problems = await reflowProblems(page);
    expect(problems[0]).toMatch(/^the page scrolls sideways \(\d+px in 640px\)$/);
    expect(problems).toContain('<label> "Your email address at work" cuts its text');
  });

  it('find focus lost after a dialog closes or a form is refused', async () => {
    const page = await load({ lostFocus: true });
    expect(await focusReturnProblems(page, page.locator('#opener'), page.locator('#dialog'), (p) => p.locator('#close').click())).toEqual([
      'after closing, focus is on <body>, not on its opener',
    ]);
    await page.locator('#submit').focus();
    await page.keyboard.press('Enter');
    expect(await focusAfterErrorProblems(page, page.locator('#submit'))).toEqual(['focus is lost to the page (<body>)']);
    const kept = await load();
    await kept.evaluate(`document.getElementById('form').addEventListener('submit', () => setTimeout(() => document.getElementById('submit').focus()))`);
    await kept.locator('#submit').focus();
    await kept.keyboard.press('Enter');
    await kept.waitForTimeout(50);
    expect(await focusAfterErrorProblems(kept, kept.locator('#submit'))).toEqual(['focus stays on the submit button <button#submit> "Send"']);
  });

  it('report axe violations of every impact', async () => {
    const page = await load({ axeFault: true });
    const found = await axeViolations(page);
    expect(found.map((v) => v.split(' ').slice(0, 2).join(' ')).sort()).toEqual(['critical image-alt', 'minor aria-deprecated-role']);
  });
});
