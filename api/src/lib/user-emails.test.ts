import { ObjectId, type CommandStartedEvent, type Document } from 'mongodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { runMigrations } from '../db/migrations/runner.ts';
import { userEmailsV1 } from '../db/migrations/006-user-emails-v1.ts';
import { eraseAccount } from '../domain/privacy/requests.service.ts';
import { createAccount } from '../domain/accounts/user.service.ts';
import { findUserByEmail } from './user-emails.ts';

let ctx: TestContext;
let commands: CommandStartedEvent[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ monitorCommands: true });
  ctx.deps.client.on('commandStarted', (event) => commands.push(event));
});

/** The filters the server sent to `users` and `user_emails` while `work` ran. */
async function filtersDuring(work: () => Promise<unknown>): Promise<{ collection: string; filter: Record<string, unknown> }[]> {
  commands = [];
  await work();
  return commands
    .filter((c) => c.commandName === 'find' && ['users', 'user_emails'].includes(String(c.command.find)))
    .map((c) => ({ collection: String(c.command.find), filter: c.command.filter as Record<string, unknown> }));
}

const account = (email: string) => ({ name: 'Asha Iyer', email, password: 'Correct-Horse-42', role: 'user' as const });
const unique = (name: string) => `${name}-${new ObjectId().toHexString()}@test.betterhealth.in`;

describe('accounts by email', () => {
  it('signs in by reading the account by its email through the unique index, never every account', async () => {
    const { email, password } = await ctx.createUser({ role: 'user' });
    const filters = await filtersDuring(async () => {
      const res = await ctx.request('POST', '/api/v1/user/login', { body: { email, password } });
      expect(res.status).toBe(200);
    });
    expect(filters).toEqual([{ collection: 'users', filter: { email } }]);
    // The server reads that filter through the `email` index (on FerretDB: SQLite's own plan).
    const explained: Document = await ctx.deps.db.command({ explain: { find: 'users', filter: { email }, limit: 1 }, verbosity: 'queryPlanner' });
    const plan = JSON.stringify(explained.queryPlanner);
    if (inject('mongoEngine') === 'ferretdb') {
      expect(plan).toMatch(/SEARCH \S+ USING INDEX/);
      expect(plan).not.toMatch(/detail=SCAN/);
    } else {
      expect(plan).toMatch(/IXSCAN/);
    }

    // An email nobody has is one read too, and the answer is the same as for a wrong password.
    const nobody = unique('nobody');
    const none = await filtersDuring(async () => {
      const res = await ctx.request('POST', '/api/v1/user/login', { body: { email: nobody, password } });
      expect(res.status).toBe(401);
    });
    expect(none).toEqual([{ collection: 'users', filter: { email: nobody } }]);
  });

  it('lets one of two creations of one email at once through, and finds that account by it', async () => {
    const email = unique('twice');
    const results = await Promise.all([createAccount(ctx.deps, account(email)), createAccount(ctx.deps, account(email))]);
    const made = results.filter((r) => r !== null);
    expect(made).toHaveLength(1);
    expect((await findUserByEmail(ctx.deps.cols, email))?._id).toEqual(made[0]!._id);
    expect(await ctx.deps.cols.users.countDocuments({ email })).toBe(1);
  });

  it('gives an email whose entry names no account (a creation that died half-way) to the next account', async () => {
    const email = unique('left-behind');
    await ctx.deps.cols.userEmails.insertOne({ _id: email, userId: new ObjectId() });
    expect(await findUserByEmail(ctx.deps.cols, email)).toBeNull();
    const created = await createAccount(ctx.deps, account(email));
    expect(created).not.toBeNull();
    expect((await findUserByEmail(ctx.deps.cols, email))?._id).toEqual(created!._id);
    // And the email is now taken.
    expect(await createAccount(ctx.deps, account(email))).toBeNull();
  });

  it('after an erasure finds nobody by the old email, which a new account may then take', async () => {
    const email = unique('erased');
    const created = await createAccount(ctx.deps, account(email));
    await eraseAccount(ctx.deps, created!._id);
    expect(await findUserByEmail(ctx.deps.cols, email)).toBeNull();
    const res = await ctx.request('POST', '/api/v1/user/login', { body: { email, password: 'Correct-Horse-42' } });
    expect(res.status).toBe(401);
    const again = await createAccount(ctx.deps, account(email));
    expect((await findUserByEmail(ctx.deps.cols, email))?._id).toEqual(again!._id);
  });

  it('lists the emails of accounts stored before the entries existed, once', async () => {
    const email = unique('older');
    const _id = new ObjectId();
    const now = new Date();
    // Stored the way accounts were before user_emails: no entry.
    await ctx.deps.cols.users.insertOne({ _id, name: 'Older Account', email, passwordHash: 'x', role: 'user', isVerified: 'not_submitted', createdAt: now, updatedAt: now });
    expect(await findUserByEmail(ctx.deps.cols, email)).toBeNull();
    const migrate = () => runMigrations({ db: ctx.deps.db, documentKey: ctx.deps.config.documentKey }, [userEmailsV1]);

    const [line] = await migrate();
    expect(line).toMatch(/^Listed the email of \d+ account\(s\)$/);
    expect((await findUserByEmail(ctx.deps.cols, email))?._id).toEqual(_id);
    await ctx.deps.cols.migrations.deleteMany({ _id: /^user-emails-v1/ });
    expect(await migrate()).toEqual([]);
  });
});
