import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './server.ts';
import { installMatchMedia, setViewportWidth } from './viewport.ts';

/** The build checks in test/ run in Node; everything else runs in jsdom against the mock API. */
const hasDom = typeof window !== 'undefined';

// Lazy screens load on first use, and the machines running the suite are small and shared.
configure({ asyncUtilTimeout: 15_000 });

if (hasDom) {
  installMatchMedia();
  // jsdom does not lay out pages or scroll them.
  Element.prototype.scrollIntoView = function scrollIntoView() {};
  window.scrollTo = function scrollTo() {};

  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' });
  });

  afterEach(() => {
    cleanup();
    server.resetHandlers();
    window.localStorage.clear();
    window.sessionStorage.clear();
    setViewportWidth(1280);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  afterAll(() => {
    server.close();
  });
}
