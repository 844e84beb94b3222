import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FERRETDB_PATCHES } from './patches.ts';

/**
 * Finds or builds the embedded database's FerretDB: v1.24.2 from the Go module pinned in this folder
 * (go.mod, go.sum), with the patches of patches.ts applied to its vendored sources.
 */

export const FERRETDB_VERSION = 'v1.24.2';
/** This folder, and the project's root two levels up. */
const HERE = fileURLToPath(new URL('.', import.meta.url));
const PROJECT_ROOT = resolve(HERE, '..', '..');
/** Named apart from an unchanged build, so that one built before a patch was added is not used. */
const FERRETDB_BUILD = `${FERRETDB_VERSION}-bh16`;
const TOOLS_DIR = join(PROJECT_ROOT, '.tools');
const FERRETDB_BIN = join(TOOLS_DIR, 'ferretdb', `ferretdb-${FERRETDB_BUILD}`);
const CACHE_BIN = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'better-health', `ferretdb-${FERRETDB_BUILD}`);

type Log = (msg: string) => void;

export function which(cmd: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, cmd);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The FerretDB binary if it is on PATH, already built here, or in the user's cache. */
export function findFerretDb(): string | null {
  const onPath = which('ferretdb');
  if (onPath) return onPath;
  if (existsSync(FERRETDB_BIN)) return FERRETDB_BIN;
  if (existsSync(CACHE_BIN)) {
    mkdirSync(join(TOOLS_DIR, 'ferretdb'), { recursive: true });
    copyFileSync(CACHE_BIN, FERRETDB_BIN);
    chmodSync(FERRETDB_BIN, 0o755);
    return FERRETDB_BIN;
  }
  return null;
}

/**
 * Builds FerretDB from the module pinned in tools/ferretdb (go.mod + go.sum).
 * Prints its progress every 10 s and how long it took.
 * `go install …@v1.24.2` is not used: it asks the module proxy for the version list to check
 * deprecations, which some proxies refuse. The committed go.sum pins every dependency's hash, so
 * the checksum database is not needed (GOSUMDB=off). FerretDB's sources expect a generated
 * version file, written into the vendored copy before building.
 */
export async function buildFerretDb(log: Log = console.log): Promise<string> {
  if (!which('go')) {
    throw new Error('No MongoDB-compatible server found and Go is not installed to build FerretDB. Install Go, or set MONGODB_URI.');
  }
  const work = join(TOOLS_DIR, 'ferretdb-build');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  cpSync(HERE, work, { recursive: true });
  const env = { ...process.env, GOFLAGS: '-buildvcs=false', GOSUMDB: 'off', CGO_ENABLED: '0' };
  const started = Date.now();
  const elapsed = () => formatDuration(Date.now() - started);
  // Each step reports every 10 s: time so far and, while compiling, the packages done (go build -v
  // names each package as it finishes it).
  const run = (label: string, args: string[]) =>
    new Promise<void>((res, rej) => {
      let packages = 0;
      let errors = '';
      const child = spawn('go', args, { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const count = (chunk: Buffer) => {
        const text = chunk.toString();
        for (const line of text.split('\n')) {
          if (/^[\w.-]+(\/[\w.@+-]+)*$/.test(line.trim()) && line.trim()) packages += 1;
          else if (line.trim()) errors = (errors + line + '\n').slice(-4_000);
        }
      };
      child.stdout.on('data', count);
      child.stderr.on('data', count);
      const ticker = setInterval(() => log(`  ${label}... ${elapsed()}${packages ? `, ${packages} packages compiled` : ''}`), 10_000);
      child.once('error', (err) => {
        clearInterval(ticker);
        rej(err);
      });
      child.once('close', (code) => {
        clearInterval(ticker);
        if (code === 0) return res();
        rej(new Error(`go ${args.join(' ')} failed with status ${code}:\n${errors}`));
      });
    });
  log(`Building FerretDB ${FERRETDB_BUILD} with Go (once; a few minutes on a fresh machine, progress every 10 s)...`);
  await run('downloading modules', ['mod', 'download']);
  await run('vendoring modules', ['mod', 'vendor']);
  writeFileSync(join(work, 'vendor/github.com/FerretDB/FerretDB/build/version/version.txt'), `${FERRETDB_VERSION}\n`);
  for (const patch of FERRETDB_PATCHES) {
    const file = join(work, 'vendor', patch.module ?? 'github.com/FerretDB/FerretDB', patch.file);
    if ('add' in patch) {
      // Our own source, without the build constraint that keeps Go's tools away from it in tools/.
      writeFileSync(file, readFileSync(join(PROJECT_ROOT, patch.add), 'utf8').replace(/^\/\/go:build ignore\n\n/, ''));
      continue;
    }
    const source = readFileSync(file, 'utf8');
    const found = source.split(patch.from).length - 1;
    if (found !== 1) throw new Error(`FerretDB ${FERRETDB_VERSION}: ${patch.module ?? 'FerretDB'}'s ${patch.file} holds the text to change ${found} times, not once:\n${patch.from}`);
    writeFileSync(file, source.replace(patch.from, () => patch.to));
  }
  mkdirSync(join(TOOLS_DIR, 'ferretdb'), { recursive: true });
  await run('compiling', ['build', '-v', '-mod=vendor', '-trimpath', '-o', FERRETDB_BIN, 'github.com/FerretDB/FerretDB/cmd/ferretdb']);
  rmSync(work, { recursive: true, force: true });
  log(`FerretDB ${FERRETDB_BUILD} built in ${elapsed()}.`);
  try {
    mkdirSync(join(CACHE_BIN, '..'), { recursive: true });
    copyFileSync(FERRETDB_BIN, CACHE_BIN);
  } catch {
    // The cache only saves the next fresh clone a build.
  }
  return FERRETDB_BIN;
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
