import { setupServer } from 'msw/node';

/** One MSW server for the portal's tests; each test installs handlers on its own mock state. */
export const server = setupServer();
