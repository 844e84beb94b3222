/**
 * The in-page half of the accessibility checks (a11y.ts): plain JavaScript evaluated in the page
 * as a string, so it runs under the portal's Content Security Policy (a string evaluated through
 * the debugging protocol is not the page's eval) and needs no DOM types in the e2e project.
 * It installs `window.__a11y` once per document.
 *
 * - `stop()`: where focus is now, and what hides it: not shown, not fully inside the window, or
 *   under a fixed or sticky bar (elementFromPoint finds the bar painted over points of it).
 * - `startAt(end)`: starts sequential focus navigation at the top (or the bottom) of the document.
 * - `want(selector)`: marks every shown, enabled interactive element inside the selector's
 *   elements; `stop()` then reports which marked element focus is in.
 * - `errors()`: fields marked aria-invalid and the visible error texts, and how they are tied.
 * - `reflow()`: sideways scroll of the document and labels that cut their text.
 */
export const PAGE_PROBE = String.raw`(() => {
  if (window.__a11y) return;
  const INTERACTIVE = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=menuitem], [role=menuitemradio], [role=menuitemcheckbox], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=combobox], [tabindex]:not([tabindex="-1"])';
  const NOT_A_BAR = '.MuiSnackbar-root, [data-sonner-toaster], [role=alert], [role=status], [role=tooltip], .MuiBackdrop-root';
  const ERROR_TEXT = '.MuiFormHelperText-root.Mui-error, [data-a11y-error]';
  const CUT_LABELS = 'label, legend, .MuiInputLabel-root, .MuiFormLabel-root, .MuiFormControlLabel-label, .MuiChip-label, .MuiListItemText-root, .MuiTab-root, .MuiToggleButton-root';
  let counter = 0;
  const clean = (s) => String(s || '').trim().replace(/\s+/g, ' ');
  const textOf = (el) => (el.innerText !== undefined ? el.innerText : el.textContent);
  const nameOf = (el) => clean(el.getAttribute('aria-label') || (el.labels && el.labels[0] && textOf(el.labels[0])) || textOf(el) || el.getAttribute('placeholder') || el.getAttribute('title') || el.getAttribute('name')).slice(0, 50);
  const describe = (el) => {
    if (!el || el === document.body) return '<body>';
    const role = el.getAttribute('role');
    const id = el.id && !/^:r|^mui-|^«/.test(el.id) ? '#' + el.id : '';
    return '<' + el.tagName.toLowerCase() + id + (role ? ' role=' + role : '') + '> "' + nameOf(el) + '"';
  };
  /**
   * What a person sees of a control: a checkbox's or radio's native input is drawn transparent over
   * the icon that shows it (MUI), so the icon's box (its parent) stands for it.
   */
  const box = (el) => (el.matches('input[type=checkbox], input[type=radio]') && Number(getComputedStyle(el).opacity) === 0 && el.parentElement ? el.parentElement : el);
  /**
   * Something still moving into place: a finite keyframe animation (ripples aside: a focused
   * button's ripple is decoration) or a transition of where a box is. Colour and shadow
   * transitions (every focused MUI button has one) move nothing.
   */
  const MOVES = /^(top|left|right|bottom|inset|transform|translate|margin|width|height|max-height|clip)/;
  const moving = () => document.getAnimations().some((a) => {
    if (a.playState !== 'running' || !a.effect || a.effect.getComputedTiming().endTime === Infinity) return false;
    if (a.effect.target && a.effect.target.closest && a.effect.target.closest('.MuiTouchRipple-root')) return false;
    return a.transitionProperty === undefined || MOVES.test(a.transitionProperty);
  });
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) === 0) return false;
    }
    return !el.closest('[aria-hidden="true"], [inert]');
  };
  const disabled = (el) => el.disabled === true || el.getAttribute('aria-disabled') === 'true' || !!el.closest('fieldset[disabled]');
  /** The fixed or sticky bar painted over the point, if the element there is not the focused one's (nor around it). */
  const barAt = (x, y, focused) => {
    const hit = document.elementFromPoint(x, y);
    if (!hit || focused.contains(hit) || hit.contains(focused)) return null;
    for (let n = hit; n && n !== document.body; n = n.parentElement) {
      const pos = getComputedStyle(n).position;
      if ((pos === 'fixed' || pos === 'sticky') && !n.contains(focused)) return n.closest(NOT_A_BAR) ? null : n;
    }
    return null;
  };
  const probe = {
    async stop() {
      // A control that slides in when focused (a skip link) is judged where it comes to rest.
      for (let i = 0; i < 60 && moving(); i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      const focused = document.activeElement;
      if (!focused || focused === document.body || focused === document.documentElement || focused.hasAttribute('data-a11y-start')) return null;
      if (!focused.hasAttribute('data-a11y-stop')) focused.setAttribute('data-a11y-stop', String(++counter));
      const a = box(focused);
      const problems = [];
      const r = a.getBoundingClientRect();
      if (!shown(a)) problems.push('is focused but not shown (' + Math.round(r.width) + 'x' + Math.round(r.height) + ')');
      else {
        const tall = r.height > innerHeight;
        if (r.left < -1 || r.right > innerWidth + 1 || r.top < -1 || (!tall && r.bottom > innerHeight + 1)) {
          problems.push('is not fully inside the window (' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(',') + ' in ' + innerWidth + 'x' + innerHeight + ')');
        }
        // Nine points over the element (inside the window): which of them a bar is painted over.
        const covered = new Map();
        let points = 0;
        for (const fx of [0.1, 0.5, 0.9]) {
          for (const fy of [0.1, 0.5, 0.9]) {
            const x = r.left + r.width * fx, y = r.top + r.height * fy;
            if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
            points++;
            const bar = barAt(x, y, focused);
            if (bar) covered.set(bar, (covered.get(bar) || 0) + 1);
          }
        }
        for (const [bar, n] of covered) {
          problems.push((n === points ? 'is hidden under ' : 'is partly (' + n + '/' + points + ' points) under ') + describe(bar));
        }
      }
      const want = focused.closest('[data-a11y-want]');
      return { key: focused.getAttribute('data-a11y-stop'), what: describe(focused), problems, want: want ? want.getAttribute('data-a11y-want') : null };
    },
    startAt(end) {
      for (const old of document.querySelectorAll('[data-a11y-start]')) old.remove();
      if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
      const s = document.createElement('span');
      s.setAttribute('data-a11y-start', '');
      s.tabIndex = -1;
      if (end) { document.body.append(s); window.scrollTo(0, document.documentElement.scrollHeight); }
      else { document.body.prepend(s); window.scrollTo(0, 0); }
      s.focus({ preventScroll: true });
    },
    endStart() {
      for (const old of document.querySelectorAll('[data-a11y-start]')) old.remove();
    },
    want(selector) {
      for (const old of document.querySelectorAll('[data-a11y-want]')) old.removeAttribute('data-a11y-want');
      const found = [];
      for (const root of document.querySelectorAll(selector)) {
        for (const el of root.querySelectorAll(INTERACTIVE)) {
          if (!shown(box(el)) || disabled(el) || found.some((f) => f.contains(el))) continue;
          found.push(el);
        }
      }
      return found.map((el, i) => { el.setAttribute('data-a11y-want', String(i)); return describe(el); });
    },
    active() {
      const a = document.activeElement;
      const isBody = !a || a === document.body || a === document.documentElement;
      return {
        what: describe(a),
        isBody,
        interactive: !isBody && (a.matches(INTERACTIVE) || a.tabIndex >= 0),
        shown: !isBody && shown(box(a)),
        invalid: !isBody && a.getAttribute('aria-invalid') === 'true',
        text: isBody ? '' : clean(textOf(a)),
        marked: isBody ? null : (a.closest('[data-a11y-mark]') || { getAttribute: () => null }).getAttribute('data-a11y-mark'),
      };
    },
    mark(el, name) { el.setAttribute('data-a11y-mark', name); },
    errors() {
      const problems = [];
      const texts = (el) => {
        const ids = clean((el.getAttribute('aria-describedby') || '') + ' ' + (el.getAttribute('aria-errormessage') || '')).split(' ').filter(Boolean);
        return ids.map((id) => document.getElementById(id)).filter((t) => t && shown(t) && clean(t.textContent)).map((t) => clean(t.textContent));
      };
      const invalid = [...document.querySelectorAll('[aria-invalid="true"]')].filter((el) => !el.closest('[aria-hidden="true"]'));
      for (const el of invalid) if (texts(el).length === 0) problems.push(describe(el) + ' is aria-invalid but no visible text describes it (aria-describedby)');
      const described = invalid.flatMap(texts).join(' | ');
      const errorTexts = [...document.querySelectorAll(ERROR_TEXT)].filter((t) => shown(t) && clean(t.textContent));
      for (const t of errorTexts) if (!described.includes(clean(t.textContent))) problems.push('the error "' + clean(t.textContent).slice(0, 60) + '" is tied to no aria-invalid field');
      return { invalid: invalid.length, errors: errorTexts.length, problems };
    },
    reflow() {
      const problems = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth + 1) problems.push('the page scrolls sideways (' + root.scrollWidth + 'px in ' + root.clientWidth + 'px)');
      const revealed = (el, stop) => {
        for (let n = el; n; n = n.parentElement) {
          if (n.hasAttribute('title') || n.hasAttribute('aria-label') || n.hasAttribute('data-mui-internal-clone-element')) return true;
          if (n === stop) break;
        }
        return false;
      };
      for (const label of document.querySelectorAll(CUT_LABELS)) {
        if (!shown(label) || !clean(label.textContent)) continue;
        for (const el of [label, ...label.querySelectorAll('*')]) {
          if (!clean(el.textContent)) continue;
          const s = getComputedStyle(el);
          const hidesX = s.overflowX === 'hidden' || s.overflowX === 'clip' || s.textOverflow === 'ellipsis';
          const hidesY = s.overflowY === 'hidden' || s.overflowY === 'clip';
          if (((hidesX && el.scrollWidth > el.clientWidth + 1) || (hidesY && el.scrollHeight > el.clientHeight + 1)) && !revealed(el, label)) {
            problems.push(describe(label) + ' cuts its text');
            break;
          }
        }
      }
      return problems;
    },
  };
  window.__a11y = probe;
})()`;
