import { setupWorker } from 'msw/browser';
import { createMockDb, seedDemo, type MockDb } from './db.ts';
import { createHandlers } from './handlers.ts';

const STORAGE_KEY = 'bh-mock-db';

/** The mock state survives reloads of the tab (not the clock, which is always the real one). */
function loadDb(): MockDb {
  const db = createMockDb();
  const saved = sessionStorage.getItem(STORAGE_KEY);
  if (saved) {
    try {
      const state: unknown = JSON.parse(saved);
      if (typeof state === 'object' && state !== null) return Object.assign(db, state, { now: db.now });
    } catch {
      sessionStorage.removeItem(STORAGE_KEY);
    }
  }
  return seedDemo(db);
}

/** Starts the mock service worker for `vite --mode mock`; every /api/v1 call is answered in the tab. */
export async function startMockWorker(): Promise<void> {
  const db = loadDb();
  const save = () => {
    const { now: _now, ...state } = db;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  };
  const worker = setupWorker(...createHandlers(db));
  worker.events.on('response:mocked', save);
  await worker.start({ onUnhandledFrame: 'bypass', quiet: true });
  save();
}
