import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminCreate, type PasswordSource } from './admin-create.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const env = () => loadEnv({ MONGODB_URI: inject('mongoUri'), MONGODB_DB: ctx.deps.db.databaseName, DOCUMENT_KEY: randomBytes(32).toString('base64') });
const email = () => `cli-${randomBytes(3).toString('hex')}@test.betterhealth.in`;

/** A terminal that answers the prompts in turn, recording the questions. */
function answering(...answers: string[]): PasswordSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    interactive: true,
    prompt: async (q) => {
      asked.push(q);
      return answers.shift() ?? '';
    },
    stdin: async () => {
      throw new Error('stdin not expected');
    },
  };
}

describe('pnpm admin:create', () => {
  it('asks for the password twice and creates a verified admin who can sign in', async () => {
    const terminal = answering('Sturdy-admin-pass-1', 'Sturdy-admin-pass-1');
    const address = email();
    const result = await adminCreate(['--email', address, '--name', 'Prompted Admin'], terminal, env());
    expect(result).toEqual({ code: 0, message: `Created verified admin Prompted Admin <${address}>.` });
    expect(terminal.asked).toEqual(['Password for the new admin: ', 'Repeat the password: ']);
    expect(await ctx.login(address, 'Sturdy-admin-pass-1')).toMatch(/^bh_session=/);
  });

  it('refuses two different passwords, and applies the password rules', async () => {
    const mismatch = await adminCreate(['--email', email(), '--name', 'A'], answering('Sturdy-admin-pass-1', 'Sturdy-admin-pass-2'), env());
    expect(mismatch).toEqual({ code: 2, message: 'Cannot create the admin: the two passwords do not match.' });
    const short = await adminCreate(['--email', email(), '--name', 'A'], answering('short', 'short'), env());
    expect([short.code, short.message]).toEqual([2, expect.stringContaining('Password must be at least 8 characters')]);
  });

  it('reads the password from standard input with --password-stdin (one trailing newline dropped)', async () => {
    const address = email();
    const piped: PasswordSource = { interactive: false, prompt: async () => '', stdin: async () => 'Piped-admin-pass-3\n' };
    expect((await adminCreate(['--email', address, '--name', 'Piped Admin', '--password-stdin'], piped, env())).code).toBe(0);
    expect(await ctx.login(address, 'Piped-admin-pass-3')).toMatch(/^bh_session=/);
  });

  it('takes no password on the command line, and without a terminal says to use --password-stdin', async () => {
    const onCommandLine = await adminCreate(['--email', email(), '--name', 'A', '--password', 'Sturdy-admin-pass-1'], answering(), env());
    expect([onCommandLine.code, onCommandLine.message]).toEqual([2, expect.stringContaining('--password is not accepted')]);
    const noTerminal = await adminCreate(['--email', email(), '--name', 'A'], { ...answering(), interactive: false }, env());
    expect([noTerminal.code, noTerminal.message]).toEqual([2, expect.stringContaining('--password-stdin')]);
  });
});
