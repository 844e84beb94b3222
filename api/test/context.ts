import { randomBytes } from 'node:crypto';
import { afterAll, expect, inject } from 'vitest';
import type { z } from 'zod';
import { errorResponseSchema, type ErrorResponse, type Role, type VerificationStatus } from '@bh/shared';
import { createApp } from '../src/app.ts';
import { ensureIndexes } from '../src/db/indexes.ts';
import { TestClock } from '../src/lib/clock.ts';
import { createDeps, type AppDeps } from '../src/lib/deps.ts';
import { createLogger } from '../src/lib/logger.ts';
import { MongoClient } from 'mongodb';
import { createMongoClient, mongoClientOptions } from '../src/lib/mongo.ts';
import { PasswordQueue } from '../src/lib/password.ts';
import { createAccount } from '../src/domain/accounts/user.service.ts';

export const TEST_PASSWORD = 'Correct-Horse-42';

/**
 * A call's body checked against its shared response schema, which must describe every field: a
 * field the schema would drop fails the test, so a response cannot grow unnoticed.
 */
export async function bodyOf<S extends z.ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  const json: unknown = await res.json();
  const parsed = schema.parse(json);
  expect(parsed).toEqual(json);
  return parsed;
}

/** A failed call's body, checked against the contract's error envelope. */
export async function errorOf(res: Response): Promise<ErrorResponse> {
  return errorResponseSchema.parse(await res.json());
}

export interface TestContext {
  deps: AppDeps;
  clock: TestClock;
  app: ReturnType<typeof createApp>;
  /** Log lines the API wrote during this file, for tests that check nothing secret is logged. */
  logLines: string[];
  request(method: string, path: string, init?: { body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<Response>;
  createUser(input: { role: Role; isVerified?: VerificationStatus; email?: string; name?: string; password?: string }): Promise<{ id: string; email: string; password: string }>;
  login(email: string, password?: string): Promise<string>;
  /** A signed-in account of the given kind: returns its cookie and id. */
  signedIn(role: Role, isVerified?: VerificationStatus): Promise<{ cookie: string; id: string; email: string }>;
}

/** A call as the portal makes it: a session cookie, and a JSON body (a string goes as it is). */
export function jsonRequest(
  method: string,
  init: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): { method: string; headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body === undefined) return { method, headers };
  headers['content-type'] ??= 'application/json';
  return { method, headers, body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) };
}

/**
 * A fresh database on the run's embedded server for one test file, with the app wired to it
 * and a clock the test controls. Dropped when the file finishes.
 */
export async function createTestContext(
  options: { monitorCommands?: boolean; /** A server of the test's own (its data folder searched by the test) instead of the run's. */ server?: { uri: string; engine: 'mongodb' | 'ferretdb' } } = {},
): Promise<TestContext> {
  const uri = options.server?.uri ?? inject('mongoUri');
  const engine = options.server?.engine ?? inject('mongoEngine');
  // Command monitoring (tests that count database round trips) must be chosen when the client is made.
  const client = options.monitorCommands ? new MongoClient(uri, { ...mongoClientOptions(engine), monitorCommands: true }) : createMongoClient(uri, engine);
  await client.connect();
  const db = client.db(`t_${randomBytes(6).toString('hex')}`);
  await ensureIndexes(db);
  const clock = new TestClock('2026-06-15T06:30:00.000Z');
  const logLines: string[] = [];
  const deps = createDeps({
    client,
    db,
    clock,
    log: createLogger('info', (line) => logLines.push(line)),
    // Room for the bursts route tests send; the queue's refusals are tested in security/limits.test.ts.
    passwords: new PasswordQueue({ maxWaiting: 256 }),
    config: { publicOrigin: 'http://localhost', allowedOrigins: [], trustProxy: false, documentKey: randomBytes(32), mailFrom: 'Better Health <sessions@betterhealth.example>' },
  });
  const app = createApp(deps);
  let counter = 0;

  afterAll(async () => {
    await db.dropDatabase().catch(() => {});
    await client.close();
  });

  const ctx: TestContext = {
    deps,
    clock,
    app,
    logLines,
    async request(method, path, init = {}) {
      return app.request(path, jsonRequest(method, init));
    },
    async createUser({ role, isVerified, email, name, password = TEST_PASSWORD }) {
      counter += 1;
      const address = (email ?? `${role}${counter}-${randomBytes(3).toString('hex')}@test.betterhealth.in`).toLowerCase();
      const created = await createAccount(deps, {
        name: name ?? `Test ${role} ${counter}`,
        email: address,
        password,
        role,
        isVerified: isVerified ?? (role === 'user' ? 'not_submitted' : 'verified'),
      });
      if (!created) throw new Error(`could not create ${address}`);
      return { id: created._id.toHexString(), email: address, password };
    },
    async login(email, password = TEST_PASSWORD) {
      const res = await ctx.request('POST', '/api/v1/user/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status}`);
      const cookie = res.headers.get('set-cookie') ?? '';
      return cookie.split(';')[0]!;
    },
    async signedIn(role, isVerified) {
      const user = await ctx.createUser({ role, ...(isVerified ? { isVerified } : {}) });
      return { cookie: await ctx.login(user.email), id: user.id, email: user.email };
    },
  };
  return ctx;
}
