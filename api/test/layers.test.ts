import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layout's rules, all of them here (README, "Where things are"). Imports are followed
 * transitively, so a file that reaches a route through a helper breaks a rule as surely as one
 * that imports it directly:
 *
 * 1. Routes (`api/src/routes/`) are reached only through the app's wiring (`api/src/app.ts`):
 *    nothing else in the API, no seed, mail, command line, job, script or e2e file reaches one.
 * 2. The domain (`api/src/domain/`) has no HTTP in it: it reaches no Hono, no route, middleware,
 *    web server or seed.
 * 3. The database layer (`api/src/db/`) reaches no route, domain service, seed or web server.
 * 4. Production code reaches no test helper.
 * 5. Collections are named in `api/src/db/collections.ts` only (and the backup's full copy).
 * 6. Routes are thin HTTP adapters: a route file reaches no collection or database itself (no
 *    `deps.cols`/`deps.db`, no `collections(…)`, no value imported from `mongodb` or `api/src/db/`;
 *    document types may be named), and each contract operation is mounted with a named handler
 *    typed by its operation (`const listUsers: Handler<typeof api.admin.users> = async (c) => …`).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WIRING = 'api/src/app.ts';

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Every module a file imports, as written (`./x.ts`, `@bh/api/db/embedded`, `hono`), side-effect imports included. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
}

/** A project file an import names (from the root), or the package's name for anything else. */
function target(file: string, spec: string): string {
  if (spec.startsWith('.')) return relative(ROOT, resolve(ROOT, dirname(file), spec));
  if (spec === '@bh/api') return WIRING;
  const api = /^@bh\/api\/(.+)$/.exec(spec);
  if (api) return `api/src/${api[1]}.ts`;
  return spec;
}

const graph = new Map<string, string[]>();
function edges(file: string): string[] {
  let out = graph.get(file);
  if (!out) {
    out = /\.tsx?$/.test(file) && existsSync(join(ROOT, file)) ? importsOf(file).map((spec) => target(file, spec)) : [];
    graph.set(file, out);
  }
  return out;
}

/**
 * Each forbidden module a file reaches, with the chain of imports that leads there. The wiring is a
 * door: what lies behind it is the app, reached on purpose.
 */
function reaches(files: string[], bad: (target: string) => boolean): string[] {
  const found: string[] = [];
  for (const start of files) {
    const seen = new Set([start]);
    const queue: string[][] = [[start]];
    while (queue.length > 0) {
      const path = queue.shift()!;
      for (const next of edges(path.at(-1)!)) {
        if (seen.has(next)) continue;
        seen.add(next);
        if (bad(next)) {
          found.push([...path, next].join(' → '));
          continue;
        }
        if (next !== WIRING) queue.push([...path, next]);
      }
    }
  }
  return found;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isRoute = (t: string) => t.startsWith('api/src/routes/') || t.startsWith('@bh/api/routes');

describe('layers', () => {
  it('follows imports through other files (a route reached through a helper is found)', () => {
    // The checker itself: the wiring reaches routes only through files it imports.
    const viaWiring = reaches(['api/src/server.ts'], isRoute);
    expect(viaWiring).toEqual([]);
    const wiringItself = reaches([WIRING].map((f) => f), isRoute);
    expect(wiringItself.length).toBeGreaterThan(5);
  });

  it('1. reaches routes only through the app wiring', () => {
    const outside = [
      ...tsFiles('api/src').filter((f) => !f.startsWith('api/src/routes/') && f !== WIRING),
      ...tsFiles('api/test'),
      ...tsFiles('e2e'),
      ...tsFiles('scripts'),
    ];
    expect(outside.length).toBeGreaterThan(50);
    expect(reaches(outside, isRoute)).toEqual([]);
  });

  it('2. keeps HTTP out of the domain', () => {
    const domain = tsFiles('api/src/domain').filter((f) => !isTest(f));
    expect(domain.length).toBeGreaterThan(10);
    const http = (t: string) =>
      t === 'hono' || t.startsWith('hono/') || t.startsWith('@hono/') || isRoute(t) || /^api\/src\/(middleware|web|seed)\//.test(t) || t === WIRING;
    expect(reaches(domain, http)).toEqual([]);
  });

  it('3. keeps the database layer free of routes, domain services, seeds and the web server', () => {
    const db = tsFiles('api/src/db').filter((f) => !isTest(f));
    expect(db.length).toBeGreaterThan(5);
    expect(reaches(db, (t) => isRoute(t) || /^api\/src\/(seed|web)\//.test(t) || t === WIRING)).toEqual([]);
  });

  it('4. never reaches a test helper from production code', () => {
    const src = tsFiles('api/src').filter((f) => !isTest(f));
    expect(reaches(src, (t) => t.startsWith('api/test/') || /test-helpers/.test(t) || isTest(t))).toEqual([]);
    expect(src.filter((f) => /test-helpers/.test(f))).toEqual([]);
  });

  it('5. names collections in db/collections.ts only', () => {
    const src = tsFiles('api/src').filter((f) => !isTest(f) && f !== 'api/src/db/collections.ts' && f !== 'api/src/db/backup.ts');
    const named = src.filter((f) => /\.collection(<[^>]*>)?\(\s*['"`]/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(named).toEqual([]);
  });

  it('6. keeps database work out of the route files, each operation answered by a named, typed handler', () => {
    const routes = tsFiles('api/src/routes').filter((f) => !isTest(f));
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.flatMap((f) => databaseUseIn(f))).toEqual([]);
    expect(routes.flatMap((f) => inlineHandlersIn(f))).toEqual([]);
  });

  it('6. finds database work and inline handlers in a route file (the checks themselves)', () => {
    const file = 'api/src/routes/example/example.routes.ts';
    const text = [
      "import { ObjectId } from 'mongodb';",
      "import type { UserDoc } from '../../db/collections.ts';",
      "import { collections } from '../../db/collections.ts';",
      'const users = deps.cols.users;',
      'const col = collections(deps.db).meetings;',
      '  .openapi(routeOf(api.admin.users), async (c) => c.json([], 200))',
      '  .openapi(routeOf(api.admin.user), showUser)',
    ].join('\n');
    expect(databaseUseIn(file, text)).toEqual([
      `${file}: imports mongodb`,
      `${file}: imports api/src/db/collections.ts`,
      `${file}: deps.cols`,
      `${file}: collections(`,
      `${file}: deps.db`,
    ]);
    expect(inlineHandlersIn(file, text)).toEqual([`${file}: api.admin.users`]);
  });
});

/** What in a route file reaches the database itself: value imports of the driver or the db layer, and the deps' handles on them. */
function databaseUseIn(file: string, text = readFileSync(join(ROOT, file), 'utf8')): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
    if (m[1]) continue;
    const to = target(file, m[2]!);
    if (to === 'mongodb' || to.startsWith('api/src/db/')) found.push(`${file}: imports ${to}`);
  }
  for (const m of text.matchAll(/\bdeps\.(?:cols|db)\b|(?<![\w.])cols\.\w|\bcollections\(/g)) found.push(`${file}: ${m[0]}`);
  return found;
}

/** The operations a route file mounts with a handler written inline instead of a named one. */
function inlineHandlersIn(file: string, text = readFileSync(join(ROOT, file), 'utf8')): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\.openapi\(\s*routeOf\((api\.\w+\.\w+)(?:,\s*\{[^}]*\})?\),\s*(async\s*)?(\(|function\b)/g)) found.push(`${file}: ${m[1]}`);
  return found;
}

