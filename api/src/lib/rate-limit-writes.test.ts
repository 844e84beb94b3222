import type { CommandStartedEvent } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { RateLimiter } from './rate-limit.ts';

let ctx: TestContext;
let commands: CommandStartedEvent[] = [];
/** Commands sent while none was waiting for its answer: each starts a round trip the request waits for. */
let roundTrips = 0;
const waiting = new Set<number>();
const housekeeping = ['hello', 'ping', 'endSessions'];
beforeAll(async () => {
  ctx = await createTestContext({ monitorCommands: true });
  ctx.deps.client.on('commandStarted', (event) => {
    commands.push(event);
    if (housekeeping.includes(event.commandName)) return;
    if (waiting.size === 0) roundTrips += 1;
    waiting.add(event.requestId);
  });
  ctx.deps.client.on('commandSucceeded', (event) => waiting.delete(event.requestId));
  ctx.deps.client.on('commandFailed', (event) => waiting.delete(event.requestId));
});

const onLimits = (c: CommandStartedEvent) => [c.command.insert, c.command.delete, c.command.find, c.command.update].includes('rate_limits');
/** What a command did to which collection: `insert rate_limits ×2`. */
const said = (c: CommandStartedEvent) => {
  const target = c.command[c.commandName] as string;
  const count = c.commandName === 'insert' ? (c.command.documents as unknown[]).length : c.commandName === 'delete' ? (c.command.deletes as unknown[]).length : 1;
  return `${c.commandName} ${target}${count > 1 ? ` ×${count}` : ''}`;
};

/** The slots a key holds in the database, by number. */
async function slotsOf(key: string): Promise<number[]> {
  const docs = await ctx.deps.cols.rateLimits.find({ key }).toArray();
  return docs.map((d) => Number(String(d._id).split('|').at(-1))).sort((a, b) => a - b);
}

describe('the database writes of a login', () => {
  it('takes its rate-limit slots in one insert and gives them back in one delete, each slot by its _id, in at most three round trips', async () => {
    const user = await ctx.createUser({ role: 'user' });
    // Connections opened beforehand, as a running server has them: a command waiting for a new
    // connection would start after the others of its round trip had been answered.
    await Promise.all(Array.from({ length: 6 }, () => ctx.deps.db.command({ ping: 1 })));
    const login = async () => {
      commands = [];
      roundTrips = 0;
      const res = await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: user.password } });
      expect(res.status).toBe(200);
      expect(waiting.size).toBe(0);
      return { sent: commands.filter((c) => !housekeeping.includes(c.commandName)), roundTrips };
    };

    // The first login from an address: the address's two slots, the mark and the account together;
    // then a slot of the account-wide limit (the address is new to it); then every slot back, the
    // mark and the session together.
    const first = await login();
    expect(first.sent.map(said).sort()).toEqual(['delete rate_limits ×3', 'find rate_limits', 'find users', 'insert rate_limits', 'insert rate_limits ×2', 'insert sessions', 'update rate_limits'].sort());
    expect(first.roundTrips).toBeLessThanOrEqual(3);

    // Later logins from that address: the address's slots, the mark and the account; the slots back and the session.
    const again = await login();
    expect(again.sent.filter(onLimits).map(said).sort()).toEqual(['delete rate_limits ×2', 'find rate_limits', 'insert rate_limits ×2'].sort());
    const deletes = again.sent.find((c) => c.commandName === 'delete')!.command.deletes as { q: Record<string, unknown>; limit: number }[];
    for (const d of deletes) {
      expect(Object.keys(d.q)).toEqual(['_id']);
      expect(typeof d.q._id).toBe('string');
      expect(d.limit).toBe(1);
    }
    // Five commands in two round trips: the account by its unique email index (one read).
    expect(again.sent.map(said).sort()).toEqual(['delete rate_limits ×2', 'find rate_limits', 'find users', 'insert rate_limits ×2', 'insert sessions'].sort());
    const find = again.sent.find((c) => c.commandName === 'find' && c.command.find === 'users')!;
    expect(find.command.filter).toEqual({ email: user.email });
    expect(again.roundTrips).toBeLessThanOrEqual(3);
    expect(again.roundTrips).toBe(2);
    // Nothing is left counted against the account after two good logins.
    const held = await ctx.deps.cols.rateLimits.find({ key: { $regex: `^login:(pair|account):${user.email.replace(/[.+]/g, '\\$&')}` } }).toArray();
    expect(held).toEqual([]);
  });

  it('holds nothing after a refusal by the account-wide limit, and counts a wrong password', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const attempt = (password: string) => ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password } });
    expect((await attempt('a-wrong-password')).status).toBe(401);
    const slots = async (kind: string) => (await ctx.deps.cols.rateLimits.find({ key: { $regex: `^login:${kind}:` } }).toArray()).filter((d) => d.key.includes(user.email));
    expect(await slots('pair')).toHaveLength(1);
    expect(await slots('account')).toHaveLength(1);
    expect((await attempt(user.password)).status).toBe(200);
    // The good login gave back only its own slots.
    expect(await slots('pair')).toHaveLength(1);
    expect(await slots('account')).toHaveLength(1);
  });
});

describe('slots taken together, with another API instance', () => {
  const rules = (name: string, limit = 3) => [
    { key: `${name}:narrow`, limit, windowMs: 60 * 60_000 },
    { key: `${name}:wide`, limit, windowMs: 60 * 60_000 },
  ];

  it('claims the slots another instance holds one rule at a time, and gives back only its own', async () => {
    const [a, b] = [new RateLimiter(ctx.deps.cols.rateLimits, ctx.deps.clock), new RateLimiter(ctx.deps.cols.rateLimits, ctx.deps.clock)];
    const both = rules(`together-${Date.now()}`);
    const first = await a.reserve(both);
    // B knows nothing of A's slots: its one insert meets A's first slot, and it goes on rule by rule.
    const second = await b.reserve(both);
    if (!first.ok || !second.ok) throw new Error('both should be admitted');
    expect(await slotsOf(both[0]!.key)).toEqual([0, 1]);
    expect(await slotsOf(both[1]!.key)).toEqual([0, 1]);
    await first.release();
    expect(await slotsOf(both[0]!.key)).toEqual([1]);
    expect(await slotsOf(both[1]!.key)).toEqual([1]);
    await second.release();
    expect(await slotsOf(both[0]!.key)).toEqual([]);
    expect(await slotsOf(both[1]!.key)).toEqual([]);
  });

  it('takes the narrow slot and then the wide one when only the wide slot it hoped for is taken', async () => {
    const [a, b] = [new RateLimiter(ctx.deps.cols.rateLimits, ctx.deps.clock), new RateLimiter(ctx.deps.cols.rateLimits, ctx.deps.clock)];
    const [narrow, wide] = rules(`wide-taken-${Date.now()}`);
    const wideOnly = await a.reserve([wide!]);
    const together = await b.reserve([narrow!, wide!]);
    if (!wideOnly.ok || !together.ok) throw new Error('both should be admitted');
    expect(await slotsOf(narrow!.key)).toEqual([0]);
    expect(await slotsOf(wide!.key)).toEqual([0, 1]);
    await together.release();
    expect(await slotsOf(narrow!.key)).toEqual([]);
    expect(await slotsOf(wide!.key)).toEqual([0]);
  });

  it('never holds a wide slot for a request the narrow rule refuses, and admits no more than the limit across instances', async () => {
    const instances = [0, 1, 2].map(() => new RateLimiter(ctx.deps.cols.rateLimits, ctx.deps.clock));
    const [narrow, wide] = rules(`full-${Date.now()}`, 4);
    const wideRule = { ...wide!, limit: 50 };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => instances[i % 3]!.reserve([narrow!, wideRule])));
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    expect(await slotsOf(narrow!.key)).toEqual([0, 1, 2, 3]);
    // Only the four admitted requests hold a wide slot.
    expect(await slotsOf(wideRule.key)).toHaveLength(4);
  });

  it('takes two slots of one key when a request names it twice, one after the other', async () => {
    const limiter = new RateLimiter(ctx.deps.cols.rateLimits, ctx.deps.clock);
    const [rule] = rules(`twice-${Date.now()}`);
    const result = await limiter.reserve([rule!, rule!]);
    expect(result.ok).toBe(true);
    expect(await slotsOf(rule!.key)).toEqual([0, 1]);
  });
});
