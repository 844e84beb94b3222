import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@bh/api/lib/ports';
import { api as ops } from '@bh/shared/contract';
import { ApiClient } from './api.ts';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export { freePort };

export interface ProductServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM, and wait for the process to exit; returns its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs the product exactly as `pnpm start` does, on a free port and a fresh embedded database
 * in a throw-away data folder.
 */
export async function startProductServer(
  options: { env?: Record<string, string>; dataDir?: string; entry?: string; port?: number } = {},
): Promise<ProductServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options);
    } catch (err) {
      // A port chosen here can be taken by another program before the server binds it: choose again.
      if (options.port !== undefined || attempt >= 3 || !(err instanceof AddressTakenError)) throw err;
    }
  }
}

class AddressTakenError extends Error {}

async function startOnce(options: { env?: Record<string, string>; dataDir?: string; entry?: string; port?: number }): Promise<ProductServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'bh-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [options.entry ?? 'scripts/start.ts'], {
    cwd: ROOT,
    // The product as users get it: production mode unless a test asks otherwise (e.g. a movable clock);
    // its public origin is the one derived from HOST:PORT, the address the tests use.
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, MONGODB_URI: '', PUBLIC_ORIGIN: '', LOG_LEVEL: 'info', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      const Failure = output.includes('is already in use by another program') ? AddressTakenError : Error;
      throw new Failure(`server exited early (${child.exitCode}):\n${output}`);
    }
    try {
      const res = await fetch(new ApiClient(baseUrl).url(ops.health.status));
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    port,
    dataDir,
    child,
    output: () => output,
    stop: () =>
      new Promise((res) => {
        if (child.exitCode !== null) return res(child.exitCode);
        child.once('exit', (code) => {
          if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
          res(code);
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Runs `pnpm admin:create` against a server's data folder (joining its embedded database), the password on standard input. */
export function adminCreate(
  dataDir: string,
  args: { email: string; name: string; password: string },
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, ['api/src/cli/admin-create.ts', '--email', args.email, '--name', args.name, '--password-stdin'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, MONGODB_URI: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => res({ code, output }));
    child.stdin?.end(`${args.password}\n`);
  });
}
