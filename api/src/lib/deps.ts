import type { Db, MongoClient } from 'mongodb';
import type { Clock, ShiftableClock } from './clock.ts';
import type { Logger } from './logger.ts';
import { collections, type Collections } from './mongo.ts';
import { passwordQueue, type PasswordQueue } from './password.ts';
import { RateLimiter } from './rate-limit.ts';
import { SessionStore } from './sessions.ts';

export interface AppConfig {
  /** The product's own origin (`PUBLIC_ORIGIN`): unsafe requests must come from it. */
  publicOrigin: string;
  /** Extra origins allowed to make unsafe requests (the dev servers). */
  allowedOrigins: string[];
  trustProxy: boolean;
  /** 32-byte key for AES-256-GCM of bank and identity numbers. */
  documentKey: Buffer;
  /** True only in test runs. */
  testMode: boolean;
  /** Present only when a test run asked for a movable clock (NODE_ENV=test, TEST_CLOCK=on). */
  testClock?: ShiftableClock;
}

/** Everything a route needs, built once per process and handed to the routers. */
export interface AppDeps {
  client: MongoClient;
  db: Db;
  cols: Collections;
  clock: Clock;
  sessions: SessionStore;
  limiter: RateLimiter;
  /** Every password hash and check a request needs (bounded; full → 503). */
  passwords: PasswordQueue;
  log: Logger;
  config: AppConfig;
}

export function createDeps(input: { client: MongoClient; db: Db; clock: Clock; log: Logger; config: AppConfig; passwords?: PasswordQueue }): AppDeps {
  const cols = collections(input.db);
  return {
    ...input,
    passwords: input.passwords ?? passwordQueue,
    cols,
    sessions: new SessionStore(cols.sessions, input.clock),
    limiter: new RateLimiter(cols.rateLimits, input.clock),
  };
}
