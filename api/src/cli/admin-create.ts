import { parseArgs } from 'node:util';
import { AUTH_MESSAGES, registerRequestSchema } from '@bh/shared';
import { loadEnv } from '../env.ts';
import { systemClock } from '../lib/clock.ts';
import { collections } from '../lib/mongo.ts';
import { openDatabase } from '../db/connect.ts';
import { createAccount } from '../routes/user/user.service.ts';
import { recordAudit } from '../lib/audit.ts';

const USAGE = 'Usage: pnpm admin:create --email E --name N --password P';

/**
 * Creates a verified admin: the way the first admin comes to exist (accounts are otherwise created
 * by verified admins only). Works on MONGODB_URI and on the embedded default, joining the embedded
 * server when `pnpm start` is already running on it.
 */
export async function adminCreate(argv: string[]): Promise<{ code: number; message: string }> {
  let values: { email?: string; name?: string; password?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
      strict: true,
    }));
  } catch (err) {
    return { code: 2, message: `${(err as Error).message}\n${USAGE}` };
  }
  const parsed = registerRequestSchema.safeParse({ name: values.name ?? '', email: values.email ?? '', password: values.password ?? '', role: 'admin' });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    return { code: 2, message: `Cannot create the admin:\n${lines.join('\n')}\n${USAGE}` };
  }
  const env = loadEnv();
  const database = await openDatabase(env, () => {});
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

if (import.meta.main) {
  adminCreate(process.argv.slice(2))
    .then(({ code, message }) => {
      (code === 0 ? console.log : console.error)(message);
      process.exit(code);
    })
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
