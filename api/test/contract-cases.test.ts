import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@bh/shared/contract';
import { CALLER_ACCOUNTS, CASES_NOW, caseHeaders, contractCases, judge, type ContractCase, type WorldRefs } from '@bh/shared/test/contract-cases';
import { createTestContext, type TestContext } from './context.ts';
import { storeMeetingBetween } from './meetings.ts';

/**
 * The contract cases (`shared/test/contract-cases.ts`) against the real API on the embedded
 * database: each case builds its world through the API's test helpers, signs its caller in and
 * sends its request through the typed client. The same table runs against the portal's mocks.
 */

let ctx: TestContext;
const ORIGIN = 'http://localhost';

beforeAll(async () => {
  ctx = await createTestContext();
});

/** One standing session per kind of caller, for the guard's cases (refused calls change nothing). */
const standing = new Map<string, Promise<string>>();

async function signIn(caller: ContractCase['caller']): Promise<{ cookie: string; id: string; email: string } | null> {
  if (caller === 'anon') return null;
  const { role, isVerified } = CALLER_ACCOUNTS[caller];
  return ctx.signedIn(role, isVerified);
}

async function run(contractCase: ContractCase): Promise<{ status: number; json: unknown }> {
  ctx.clock.set(CASES_NOW);
  const refused = contractCase.expect.status === 401 || contractCase.expect.status === 403;
  let cookie = '';
  let me: { id: string; email: string } | null = null;
  if (refused && !contractCase.world?.accounts && contractCase.caller !== 'anon') {
    if (!standing.has(contractCase.caller)) standing.set(contractCase.caller, signIn(contractCase.caller).then((s) => s?.cookie ?? ''));
    cookie = await standing.get(contractCase.caller)!;
  } else {
    const session = await signIn(contractCase.caller);
    if (session) {
      cookie = session.cookie;
      me = session;
    }
  }

  const accounts = new Map<string, { id: string; email: string }>();
  if (me) accounts.set('caller', me);
  for (const [name, spec] of Object.entries(contractCase.world?.accounts ?? {})) {
    accounts.set(name, await ctx.createUser({ role: spec.role, isVerified: spec.isVerified, ...(spec.name ? { name: spec.name } : {}) }));
  }
  const meetings = new Map<string, string>();
  for (const [name, spec] of Object.entries(contractCase.world?.meetings ?? {})) {
    const client = accounts.get(spec.client);
    const associate = accounts.get(spec.associate);
    if (!client || !associate) throw new Error(`${contractCase.name}: the world names no ${spec.client} or ${spec.associate}`);
    const startsAt = new Date(spec.startsAt);
    meetings.set(name, await storeMeetingBetween(ctx, client.id, associate.id, { startsAt, _id: new ObjectId() }));
  }
  const refs: WorldRefs = {
    email: (name) => accounts.get(name)?.email ?? `${name}@nowhere.example.in`,
    id: (name) => accounts.get(name)?.id ?? '0123456789abcdef01234567',
    meeting: (name) => meetings.get(name) ?? '0123456789abcdef01234567',
  };

  const client = createApiClient({
    base: `${ORIGIN}/api/v1`,
    fetch: async (url, init) => ctx.app.request(url, init),
    headers: () => ({ origin: ORIGIN, ...(cookie ? { cookie } : {}) }),
  });
  const input = contractCase.input?.(refs) ?? {};
  const response = await client.raw(contractCase.op, input as never, { headers: caseHeaders(contractCase.op) });
  const text = await response.text();
  // A file (a calendar, a document) is judged by its status; everything else is JSON.
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return { status: response.status, json: text && isJson ? (JSON.parse(text) as unknown) : text };
}

describe('the contract cases against the API', () => {
  for (const contractCase of contractCases()) {
    it(contractCase.name, async () => {
      const { status, json } = await run(contractCase);
      expect(judge(contractCase, status, json), JSON.stringify(json)).toEqual([]);
    });
  }
});
