import type { BrowserContext } from 'playwright-core';
import { ApiClient } from './api.ts';
import { startProductServer, type ProductServer } from './server.ts';

/**
 * A product server of the journey's own, on a fresh embedded database, whose clock the journey
 * may move: the test clock route exists only when NODE_ENV=test and TEST_CLOCK=on.
 */
export function startClockServer(): Promise<ProductServer> {
  return startProductServer({ env: { NODE_ENV: 'test', TEST_CLOCK: 'on' } });
}

/** The server's "now" (its clock keeps ticking from wherever it was last set). */
export async function serverNow(baseUrl: string): Promise<Date> {
  const res = await new ApiClient(baseUrl).testClock('GET');
  if (res.status !== 200) throw new Error(`the server has no movable clock: ${res.status}`);
  return new Date(res.json.now ?? '');
}

/** Moves the server's clock to `at`; it ticks on from there. */
export async function setServerClock(baseUrl: string, at: Date): Promise<void> {
  const res = await new ApiClient(baseUrl).testClock('PUT', at);
  if (res.status !== 200) throw new Error(`moving the server's clock failed: ${res.status} ${JSON.stringify(res.json)}`);
}

/**
 * Gives a browser context the server's time before its first page loads. Playwright's clock then
 * runs on from there in real time, so the portal's timers keep firing as they would for a person.
 */
export async function syncPageClock(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.clock.install({ time: await serverNow(baseUrl) });
}

/** Moves the server and every given browser to `at` together, as if the wall clock had reached it. */
export async function moveClocks(baseUrl: string, contexts: readonly BrowserContext[], at: Date): Promise<void> {
  await setServerClock(baseUrl, at);
  for (const context of contexts) await context.clock.setSystemTime(at);
}
