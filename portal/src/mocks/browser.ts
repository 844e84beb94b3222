import { setupWorker } from 'msw/browser';
import { createAdminHandlers } from './admin-handlers.ts';
import { addApplicant, addCoupon, createAdminMockState, type AdminMockState } from './admin-state.ts';
import { createMockDb, MOCK_PASSWORD, seedDemo, type MockDb } from './db.ts';
import { createHandlers } from './handlers.ts';

const STORAGE_KEY = 'bh-mock-db';

interface MockWorld {
  db: MockDb;
  admin: AdminMockState;
}

/** The demo: one account per role and state, meetings around now, an application and a coupon. */
function seedWorld(): MockWorld {
  const db = seedDemo(createMockDb());
  const admin = createAdminMockState();
  addApplicant(db, { name: 'Kiran Das', email: 'kiran@mock.betterhealth.in' });
  addCoupon(db, admin, { couponCode: 'WELCOME10', forNewUsers: true });
  return { db, admin };
}

/** The mock state survives reloads of the tab (not the clock, which is always the real one). */
function loadWorld(): MockWorld {
  const saved = sessionStorage.getItem(STORAGE_KEY);
  if (saved) {
    try {
      const state: unknown = JSON.parse(saved);
      if (typeof state === 'object' && state !== null && 'db' in state && 'admin' in state) {
        const db = createMockDb();
        const admin = createAdminMockState();
        if (typeof state.db === 'object' && state.db !== null) Object.assign(db, state.db, { now: db.now });
        if (typeof state.admin === 'object' && state.admin !== null) Object.assign(admin, state.admin);
        return { db, admin };
      }
    } catch {
      sessionStorage.removeItem(STORAGE_KEY);
    }
  }
  return seedWorld();
}

/**
 * Starts the mock service worker for `vite --mode mock`: every API call, the admin screens'
 * included, is answered in the tab. The demo accounts all use the password MOCK_PASSWORD.
 */
export async function startMockWorker(): Promise<void> {
  const world = loadWorld();
  const save = () => {
    const { now: _now, ...db } = world.db;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ db, admin: world.admin }));
  };
  const worker = setupWorker(...createAdminHandlers(world.db, world.admin), ...createHandlers(world.db));
  worker.events.on('response:mocked', save);
  await worker.start({ onUnhandledFrame: 'bypass', quiet: true });
  save();
  const logins = world.db.users.map((user) => user.email).join(', ');
  console.info(`Better Health mock API. Sign in as ${logins} with the password ${MOCK_PASSWORD}.`);
}
