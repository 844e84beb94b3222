import { describe, expect, it } from 'vitest';
import { API_BASE, createApiClient, type OperationConfig } from '@bh/shared/contract';
import { api } from '@bh/shared/contract';
import { CALLER_ACCOUNTS, CASES_NOW, caseHeaders, contractCases, judge, type ContractCase, type WorldRefs } from '@bh/shared/test/contract-cases';
import { createAdminHandlers } from './admin-handlers.ts';
import { createAdminMockState } from './admin-state.ts';
import { server } from '../test/server.ts';
import { addMeeting, addUser, createMockDb } from './db.ts';
import { createHandlers } from './handlers.ts';

/**
 * The contract cases (`shared/test/contract-cases.ts`) against the portal's MSW handlers: the same
 * table the API passes on the embedded database (`api/test/contract-cases.test.ts`), so a mock
 * that answers otherwise than the API fails here.
 */

/** Operations the portal never calls, so no mock answers them: their cases run against the API only. */
const NOT_MOCKED: readonly OperationConfig[] = [
  api.health.status,
  api.health.live,
  api.health.ready,
  api.user.updateProfile,
  api.meeting.legacyDelete,
  api.uploads.read,
  api.payments.verifyCoupon,
  api.admin.meeting,
  api.admin.user,
  api.admin.coupons,
  api.admin.applications,
  api.admin.application,
  api.admin.email,
  ...Object.values(api.reference),
];

async function run(contractCase: ContractCase): Promise<{ status: number; json: unknown }> {
  const db = createMockDb(() => new Date(CASES_NOW));
  const state = createAdminMockState();
  server.use(...createAdminHandlers(db, state), ...createHandlers(db));

  const accounts = new Map<string, ReturnType<typeof addUser>>();
  if (contractCase.caller !== 'anon') {
    const caller = addUser(db, { name: 'The Caller', email: `caller-${contractCase.caller.toLowerCase()}@example.in`, ...CALLER_ACCOUNTS[contractCase.caller] });
    accounts.set('caller', caller);
    db.sessionUserId = caller._id;
  }
  for (const [name, spec] of Object.entries(contractCase.world?.accounts ?? {})) {
    accounts.set(name, addUser(db, { name: spec.name ?? `Test ${name}`, email: `${name.toLowerCase()}@example.in`, role: spec.role, isVerified: spec.isVerified }));
  }
  const meetings = new Map<string, string>();
  for (const [name, spec] of Object.entries(contractCase.world?.meetings ?? {})) {
    const client = accounts.get(spec.client);
    const associate = accounts.get(spec.associate);
    if (!client || !associate) throw new Error(`${contractCase.name}: the world names no ${spec.client} or ${spec.associate}`);
    meetings.set(name, addMeeting(db, { client, associate, startsAt: new Date(spec.startsAt) })._id);
  }
  const refs: WorldRefs = {
    email: (name) => accounts.get(name)?.email ?? `${name}@nowhere.example.in`,
    id: (name) => accounts.get(name)?._id ?? '0123456789abcdef01234567',
    meeting: (name) => meetings.get(name) ?? '0123456789abcdef01234567',
  };

  const client = createApiClient({ base: new URL(API_BASE, window.location.href).href });
  const response = await client.raw(contractCase.op, (contractCase.input?.(refs) ?? {}) as never, { headers: caseHeaders(contractCase.op) });
  const text = await response.text();
  // A file (a calendar, a document) is judged by its status; everything else is JSON.
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return { status: response.status, json: text && isJson ? (JSON.parse(text) as unknown) : text };
}

describe('the contract cases against the mocks', () => {
  const cases = contractCases().filter((c) => !NOT_MOCKED.includes(c.op));

  it('mocks every operation the portal calls', () => {
    expect(new Set(cases.map((c) => c.op.operationId)).size).toBeGreaterThan(30);
  });

  for (const contractCase of cases) {
    it(contractCase.name, async () => {
      const { status, json } = await run(contractCase);
      expect(judge(contractCase, status, json), JSON.stringify(json)).toEqual([]);
    });
  }
});
