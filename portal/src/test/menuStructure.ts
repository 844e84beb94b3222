/**
 * What a menu may hold (WAI-ARIA 1.2, the rule axe checks as aria-required-children): menu items,
 * groups and separators, reached through elements that have no role of their own; a group holds
 * the same. Returns each element that breaks it (a heading `li`, a paragraph), described.
 */
export function menuStructureProblems(menu: Element): string[] {
  const problems: string[] = [];
  const allowed = new Set(['menuitem', 'menuitemcheckbox', 'menuitemradio', 'group', 'separator']);
  const implicit: Record<string, string> = { LI: 'listitem', P: 'paragraph', HR: 'separator', UL: 'list', OL: 'list', H2: 'heading', H3: 'heading', H4: 'heading', H5: 'heading', H6: 'heading' };
  const walk = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      if (child.getAttribute('aria-hidden') === 'true') continue;
      const explicit = child.getAttribute('role');
      const role = explicit === 'presentation' || explicit === 'none' ? null : (explicit ?? implicit[child.tagName] ?? null);
      if (role === null) walk(child);
      else if (!allowed.has(role)) problems.push(`<${child.tagName.toLowerCase()}> (${role}) "${child.textContent?.trim().slice(0, 40) ?? ''}"`);
      else if (role === 'group') {
        if (!child.getAttribute('aria-labelledby') && !child.getAttribute('aria-label')) problems.push(`an unnamed group "${child.textContent?.trim().slice(0, 40) ?? ''}"`);
        walk(child);
      }
    }
  };
  walk(menu);
  return problems;
}
