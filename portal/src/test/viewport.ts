/**
 * jsdom has no media queries. This answers MUI's (min-width / max-width) queries against a width
 * the test chooses, so the shell can be tested as a desktop and as a phone.
 */
let width = 1280;
const listeners = new Set<() => void>();

function matches(query: string): boolean {
  const checks = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (checks.length === 0) return false;
  return checks.every(([, kind, value]) => (kind === 'min' ? width >= Number(value) : width <= Number(value)));
}

export function setViewportWidth(next: number): void {
  width = next;
  for (const notify of listeners) notify();
}

/** Installs the fake matchMedia on jsdom's window. */
export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const change = new Set<(event: MediaQueryListEvent) => void>();
    const list: MediaQueryList = {
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
        if (typeof listener === 'function') change.add(listener);
      },
      removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
        if (typeof listener === 'function') change.delete(listener);
      },
      addListener: (listener) => {
        if (listener) change.add(listener);
      },
      removeListener: (listener) => {
        if (listener) change.delete(listener);
      },
      dispatchEvent: () => false,
    };
    listeners.add(() => {
      const event = Object.assign(new Event('change'), { matches: list.matches, media: query });
      for (const listener of change) listener.call(list, event);
    });
    return list;
  };
}
