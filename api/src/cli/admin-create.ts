import { parseArgs } from 'node:util';
import { read } from 'read';
import { AUTH_MESSAGES, registerRequestSchema } from '@bh/shared';
import { loadEnv, type Env } from '../env.ts';
import { systemClock } from '../lib/clock.ts';
import { collections } from '../db/collections.ts';
import { openDatabase } from '../db/connect.ts';
import { createAccount } from '../domain/accounts/user.service.ts';
import { recordAudit } from '../lib/audit.ts';
import { DataRefusedError } from '../db/migrations/schema-version.ts';
import { runCli } from './run-cli.ts';

const USAGE = 'Usage: pnpm admin:create --email E --name N [--password-stdin]\n  (asks for the password twice without showing it; --password-stdin reads it from standard input instead)';

/** Where the password comes from: a prompt on the terminal, or standard input for scripts. */
export interface PasswordSource {
  prompt(question: string): Promise<string>;
  stdin(): Promise<string>;
  interactive: boolean;
}

const terminal: PasswordSource = {
  prompt: async (question) => {
    const answer = await read({ prompt: question, silent: true, replace: '' });
    // The hidden Enter moves nothing: end the prompt's line so the next text starts on its own.
    process.stdout.write('\n');
    return answer;
  },
  stdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
  interactive: process.stdin.isTTY === true,
};

async function readPassword(fromStdin: boolean, source: PasswordSource): Promise<{ password: string } | { error: string }> {
  if (fromStdin) return { password: (await source.stdin()).replace(/\r?\n$/, '') };
  if (!source.interactive) return { error: `No terminal to ask for the password: pipe it in with --password-stdin.\n${USAGE}` };
  const password = await source.prompt('Password for the new admin: ');
  const again = await source.prompt('Repeat the password: ');
  if (password !== again) return { error: 'Cannot create the admin: the two passwords do not match.' };
  return { password };
}

/**
 * Creates a verified admin: the way the first admin comes to exist (accounts are otherwise created
 * by verified admins only). Works on MONGODB_URI and on the embedded default, joining the embedded
 * server when `pnpm start` is already running on it.
 */
export async function adminCreate(argv: string[], source: PasswordSource = terminal, env: Env = loadEnv()): Promise<{ code: number; message: string }> {
  let values: { email?: string; name?: string; password?: string; 'password-stdin'?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
      strict: true,
    }));
  } catch (err) {
    return { code: 2, message: `${(err as Error).message}\n${USAGE}` };
  }
  if (values.password !== undefined) {
    return { code: 2, message: `--password is not accepted: a password on the command line stays in the shell history and shows in the process list.\n${USAGE}` };
  }
  const entered = await readPassword(values['password-stdin'] === true, source);
  if ('error' in entered) return { code: 2, message: entered.error };
  const parsed = registerRequestSchema.safeParse({ name: values.name ?? '', email: values.email ?? '', password: entered.password, role: 'admin' });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    return { code: 2, message: `Cannot create the admin:\n${lines.join('\n')}\n${USAGE}` };
  }
  let database;
  try {
    database = await openDatabase(env, () => {});
  } catch (err) {
    // Data of a newer release, or an import that did not finish: refused, with what to do.
    if (err instanceof DataRefusedError) return { code: 1, message: err.message };
    throw err;
  }
  try {
    const cols = collections(database.db);
    const created = await createAccount({ cols, clock: systemClock }, { ...parsed.data, role: 'admin', isVerified: 'verified' });
    if (!created) return { code: 1, message: `Cannot create the admin: ${AUTH_MESSAGES.emailTaken} (${parsed.data.email}).` };
    await recordAudit({ db: database.db, clock: systemClock }, {
      actor: null,
      action: 'account.create',
      target: { type: 'user', id: created._id.toHexString(), label: created.email },
      details: { role: 'admin', via: 'cli' },
    });
    return { code: 0, message: `Created verified admin ${created.name} <${created.email}>.` };
  } finally {
    await database.close();
  }
}

if (import.meta.main) runCli(adminCreate);
