import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw.ts';

// Only the component tests run in jsdom; the build checks run in node and need none of this.
if (typeof window !== 'undefined') {
  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' });
    // The islands call the API by path, as a browser on the site's origin would; Node's fetch
    // needs an absolute URL, so paths are resolved against the test page's address.
    const intercepted = globalThis.fetch;
    globalThis.fetch = (input, init) =>
      intercepted(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.href) : input, init);
  });
  afterEach(() => {
    cleanup();
    server.resetHandlers();
  });
  afterAll(() => server.close());
}
