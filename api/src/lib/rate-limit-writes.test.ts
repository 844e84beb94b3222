import type { CommandStartedEvent } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { RateLimiter } from './rate-limit.ts';

let ctx: TestContext;
let commands: CommandStartedEvent[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ monitorCommands: true });
  ctx.deps.client.on('commandStarted', (event) => commands.push(event));
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
  it('takes its rate-limit slots in one insert and gives them back in one delete, each slot by its _id', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const login = async () => {
      commands = [];
      const res = await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: user.password } });
      expect(res.status).toBe(200);
      return commands.filter((c) => !['hello', 'ping', 'endSessions'].includes(c.commandName));
    };

    // The first login from an address also takes a slot of the account-wide limit: three slots, one insert.
    const first = await login();
    expect(first.filter(onLimits).map(said)).toEqual(['find rate_limits', 'insert rate_limits ×3', 'delete rate_limits ×3', 'update rate_limits']);

    // Later logins from that address: the pair and the address.
    const again = await login();
    expect(again.filter(onLimits).map(said)).toEqual(['find rate_limits', 'insert rate_limits ×2', 'delete rate_limits ×2']);
    const deletes = again.find((c) => c.commandName === 'delete')!.command.deletes as { q: Record<string, unknown>; limit: number }[];
    for (const d of deletes) {
      expect(Object.keys(d.q)).toEqual(['_id']);
      expect(typeof d.q._id).toBe('string');
      expect(d.limit).toBe(1);
    }
    // Six round trips in all: the mark, the slots, the account (its email entry, then itself), the slots back, the session.
    expect(again.map(said).sort()).toEqual(['delete rate_limits ×2', 'find rate_limits', 'find user_emails', 'find users', 'insert rate_limits ×2', 'insert sessions'].sort());
    // Nothing is left counted against the account after two good logins.
    const held = await ctx.deps.cols.rateLimits.find({ key: { $regex: `^login:(pair|account):${user.email.replace(/[.+]/g, '\\$&')}` } }).toArray();
    expect(held).toEqual([]);
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
