/**
 * `node scripts/schemathesis.ts` (called by .ci/run): schemathesis, from PyPI, generates requests
 * from the served OpenAPI document and sends them to a real server on a fresh embedded database,
 * first anonymously and then as the seeded verified admin, with every one of its checks
 * (`--checks all`): no 5xx, only declared statuses, answers and headers that match the document,
 * schema-valid input accepted and invalid input refused, 405 with `Allow` for an undeclared
 * method, auth not ignored. Any failure fails the run. Bounded: a few examples per operation and a
 * time budget per pass; scripts/schemathesis_hooks.py leaves out queries longer than Node accepts
 * in a request line.
 *
 * What the checks are told, each from the contract rather than written here (docs/api-checks.md):
 * - A schema-valid request may be answered with any error its operation declares itself
 *   (`ownErrorStatuses`), besides schemathesis' defaults (401, 403, 404, 409, 429): a 400 only
 *   where the operation declares rules beyond its schema (`400: refusals(...)`: emails in a
 *   stricter form than RFC 5322, common passwords, dates that must be in the future ...), an
 *   upload's 413 and 415 (its bytes decide), the legacy GET delete's 405 (all it answers).
 * - The verified admin's session is the document's `sessionCookie` scheme, so the checks that
 *   leave the cookie out (`ignored_auth`, `negative_data_rejection`) really send none.
 *
 * schemathesis is installed once, pinned, into a virtual environment in the user cache (needs
 * python3 with venv). The limits stay as they are: the passes send one request at a time from
 * one address, so the login and coupon limits answer 429 (not a server error) once they are
 * reached, and the password queue never fills.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../api/src/db/embedded.ts';
import { freePort } from '../api/src/lib/ports.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../api/src/seed/demo.ts';
import { api, ownErrorStatuses, type OperationConfig } from '../shared/src/contract/index.ts';

const VERSION = '4.32.5';
const EXAMPLES = process.env.SCHEMATHESIS_EXAMPLES ?? '10';
const SECONDS_PER_PASS = process.env.SCHEMATHESIS_SECONDS ?? '90';

function say(message: string): void {
  console.log(`[schemathesis] ${message}`);
}

/** The pinned schemathesis in a venv under the user cache, installed on first use. */
function schemathesisBinary(): string {
  const venv = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'better-health', `schemathesis-${VERSION}`);
  const bin = join(venv, 'bin', 'schemathesis');
  if (existsSync(bin)) return bin;
  say(`installing schemathesis ${VERSION} into ${venv.replace(homedir(), '~')}`);
  const steps: [string, string[]][] = [
    ['python3', ['-m', 'venv', venv]],
    [join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${VERSION}`]],
  ];
  for (const [cmd, args] of steps) {
    const res = spawnSync(cmd, args, { stdio: 'inherit' });
    if (res.status !== 0) {
      rmSync(venv, { recursive: true, force: true });
      throw new Error(`${cmd} ${args.join(' ')} failed`);
    }
  }
  return bin;
}

/** schemathesis' own default for `positive_data_acceptance` (4.x), which the contract widens. */
const POSITIVE_DEFAULT = ['2xx', '3xx', '401', '403', '404', '409', '429', '5xx'];

const toml = (value: string) => JSON.stringify(value);
const tomlList = (values: readonly string[]) => `[${values.map(toml).join(', ')}]`;

/**
 * schemathesis.toml for a pass: per operation, what a schema-valid request may be answered with
 * (see the top of this file), and the session, when there is one, as the document's cookie scheme.
 */
function schemathesisConfig(session: string | null): string {
  const lines: string[] = [];
  if (session !== null) lines.push('[auth.openapi.sessionCookie]', `api_key = ${toml(session)}`, '');
  const operations = Object.values(api).flatMap((area) => Object.values(area) as OperationConfig[]);
  for (const op of operations) {
    const expected = new Set([...POSITIVE_DEFAULT, ...ownErrorStatuses(op).map(String)]);
    if (expected.size === POSITIVE_DEFAULT.length) continue;
    lines.push('[[operations]]', `include-operation-id = ${toml(op.operationId)}`, '[operations.checks.positive_data_acceptance]', `expected-statuses = ${tomlList([...expected])}`, '');
  }
  return lines.join('\n');
}

async function waitForHealth(base: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become healthy');
}

/** One pass; returns whether it found no failure. Its summary line is printed by schemathesis. */
function pass(bin: string, base: string, workDir: string, label: string, session: string | null, extra: string[]): boolean {
  say(`${label}: ${EXAMPLES} examples per operation, at most ${SECONDS_PER_PASS} s, every check`);
  const config = join(workDir, `${label.replaceAll(/\W+/g, '-')}.toml`);
  writeFileSync(config, schemathesisConfig(session));
  const res = spawnSync(
    bin,
    [
      '--no-color',
      '--config-file',
      config,
      'run',
      `${base}/api/v1/openapi.json`,
      '--url',
      `${base}/api/v1`,
      '--checks',
      'all',
      '--phases',
      'examples,coverage,fuzzing',
      '--max-examples',
      EXAMPLES,
      '--max-time',
      SECONDS_PER_PASS,
      '--workers',
      '1',
      '--request-timeout',
      '10',
      '--seed',
      '20261123',
      '--suppress-health-check',
      'filter_too_much,too_slow',
      ...extra,
    ],
    {
      // Its caches land in a throw-away folder, not in the repository.
      cwd: workDir,
      stdio: 'inherit',
      env: {
        ...process.env,
        SCHEMATHESIS_HOOKS: 'schemathesis_hooks',
        PYTHONPATH: join(PROJECT_ROOT, 'scripts'),
        PYTHONDONTWRITEBYTECODE: '1',
        NO_COLOR: '1',
      },
    },
  );
  const ok = res.status === 0;
  say(`${label}: ${ok ? 'no failures' : `failed (exit ${res.status})`}`);
  return ok;
}

async function main(): Promise<number> {
  const bin = schemathesisBinary();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const workDir = mkdtempSync(join(tmpdir(), 'bh-schemathesis-'));
  const dataDir = join(workDir, 'data');
  const server = spawn(process.execPath, ['api/src/server.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, MONGODB_URI: '', PUBLIC_ORIGIN: '', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, server);
    const anonymous = pass(bin, base, workDir, 'anonymous', null, []);

    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin' && a.isVerified === 'verified');
    if (!admin) throw new Error('no verified demo admin to sign in as');
    const login = await fetch(`${base}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: admin.email, password: DEMO_PASSWORD }),
    });
    const session = /^bh_session=([^;]*)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    if (login.status !== 200 || !session) throw new Error(`signing in as the demo admin failed (${login.status})`);
    // Logging out would turn the rest of the pass anonymous.
    const asAdmin = pass(bin, base, workDir, 'verified admin', session, ['--exclude-path-regex', 'logout']);
    return anonymous && asAdmin ? 0 : 1;
  } finally {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`[schemathesis] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
