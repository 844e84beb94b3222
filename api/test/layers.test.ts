import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers read one way (README, "Where things are"): the database layer imports no route or
 * seed, production code imports no test helper, the browser journeys and the benchmark reach the
 * API through its doors (HTTP, the CLIs, the documented seeding module), and collections are
 * reached through db/collections.ts only.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Every module a file imports, as written (`./x.ts`, `@bh/api/db/embedded`). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm), ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!);
}

/** Where a relative import points, from the project root; package imports are kept as written. */
function target(file: string, spec: string): string {
  return spec.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), spec)) : spec;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function offending(files: string[], bad: (target: string) => boolean): string[] {
  return files.flatMap((file) => importsOf(file).filter((spec) => bad(target(file, spec))).map((spec) => `${file} → ${spec}`));
}

describe('layers', () => {
  it('keeps the database layer free of routes and seeds', () => {
    const db = tsFiles('api/src/db').filter((f) => !isTest(f));
    expect(db.length).toBeGreaterThan(5);
    expect(offending(db, (t) => t.startsWith('api/src/routes/') || t.startsWith('api/src/seed/') || t.startsWith('api/src/web/'))).toEqual([]);
  });

  it('never imports a test helper into production code', () => {
    const src = tsFiles('api/src').filter((f) => !isTest(f));
    expect(offending(src, (t) => t.startsWith('api/test/') || /test-helpers/.test(t))).toEqual([]);
    expect(src.filter((f) => /test-helpers/.test(f))).toEqual([]);
  });

  it('drives the product from e2e and the benchmark through its doors, not through api/src/routes', () => {
    const outside = [...tsFiles('e2e'), ...tsFiles('scripts')];
    expect(offending(outside, (t) => t.startsWith('@bh/api/routes') || t.startsWith('api/src/routes/') || t.startsWith('@bh/api/lib/deps'))).toEqual([]);
  });

  it('reaches collections through db/collections.ts only', () => {
    const src = tsFiles('api/src').filter((f) => !isTest(f) && f !== 'api/src/db/collections.ts' && f !== 'api/src/db/backup.ts');
    const named = src.filter((f) => /\.collection(<[^>]*>)?\(\s*['"`]/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(named).toEqual([]);
  });
});
