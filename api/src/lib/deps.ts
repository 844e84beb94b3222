import type { Db, MongoClient } from 'mongodb';
import type { Clock, ShiftableClock } from './clock.ts';
import { AfterAnswer } from './after-answer.ts';
import { Health } from './health.ts';
import type { Logger } from './logger.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { Outbox } from '../mail/outbox.ts';
import { collections, type Collections } from '../db/collections.ts';
import { passwordQueue, type PasswordQueue } from './password.ts';
import { RateLimiter } from './rate-limit.ts';
import { SessionStore } from './sessions.ts';
import { StorageState } from './storage.ts';

export interface AppConfig {
  /** The product's own origin (`PUBLIC_ORIGIN`): unsafe requests must come from it; links in emails start with it. */
  publicOrigin: string;
  /** Extra origins allowed to make unsafe requests (the dev servers). */
  allowedOrigins: string[];
  trustProxy: boolean;
  /** 32-byte key for AES-256-GCM of bank and identity numbers. */
  documentKey: Buffer;
  /** Sender of every email (MAIL_FROM), also the organizer in calendar files. */
  mailFrom: string;
  /** Present only when a test run asked for a movable clock (NODE_ENV=test, TEST_CLOCK=on). */
  testClock?: ShiftableClock;
  /** METRICS_TOKEN: a bearer token that opens /metrics to other hosts than loopback. */
  metricsToken?: string;
  /** GRIEVANCE_OFFICER_*: shown on the privacy page; unset, GRIEVANCE_OFFICER_DEFAULTS. */
  grievanceOfficer?: { name: string; email: string; phone: string | null };
}

/** Everything a route needs, built once per process and handed to the routers. */
export interface AppDeps {
  client: MongoClient;
  db: Db;
  cols: Collections;
  clock: Clock;
  sessions: SessionStore;
  limiter: RateLimiter;
  /** Emails are written here and delivered by the sender (mail/sender.ts). */
  outbox: Outbox;
  /** Every password hash and check a request needs (bounded; full → 503). */
  passwords: PasswordQueue;
  log: Logger;
  config: AppConfig;
  metrics: Metrics;
  /** Readiness checks modules register, and the embedded database's supervisor state. */
  health: Health;
  /** Work a request starts once its answer has gone (a reset email); a shutdown waits for it. */
  afterAnswer: AfterAnswer;
  /** Whether the database's disk is full (a write refused for lack of space), for readiness and metrics. */
  storage: StorageState;
}

export function createDeps(input: { client: MongoClient; db: Db; clock: Clock; log: Logger; config: AppConfig; metrics?: Metrics; passwords?: PasswordQueue }): AppDeps {
  const cols = collections(input.db);
  const metrics = input.metrics ?? createMetrics();
  return {
    ...input,
    metrics,
    storage: new StorageState(cols.storageProbes, metrics),
    health: new Health(),
    afterAnswer: new AfterAnswer(input.log),
    passwords: input.passwords ?? passwordQueue,
    cols,
    sessions: new SessionStore(cols.sessions, input.clock),
    limiter: new RateLimiter(cols.rateLimits, input.clock),
    outbox: new Outbox(input.db, input.clock, input.config.documentKey, input.config.mailFrom),
  };
}
