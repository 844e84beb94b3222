import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Rules written once (issue 48): an id parameter becomes an ObjectId through `api/src/lib/ids.ts`,
 * the /api/v1 prefix comes from the contract (`API_BASE`, `api.*.path`), and role → actor is
 * `policyActorOf` in `shared/src/rules/booking-policy.ts`, and who sees a meeting is `seesMeeting` /
 * `takesPart` in `shared/src/rules/meeting-access.ts` (the API and the mocks both call them). Each check lists the places that
 * restate a rule, so a new copy is named here.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** Lines of code (comment lines left out: a path in a comment is documentation). */
function codeLines(file: string): { file: string; line: number; text: string }[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .map((text, i) => ({ file, line: i + 1, text }))
    .filter(({ text }) => !/^\s*(\/\/|\/?\*)/.test(text));
}

const where = (hits: { file: string }[]) => hits.map((h) => h.file);

describe('rules written once', () => {
  it('route files turn id parameters into ObjectIds only through lib/ids.ts', () => {
    const hits = sources('api/src/routes').flatMap(codeLines).filter(({ text }) => /new ObjectId\(|ObjectId\.(isValid|createFromHexString)\(/.test(text));
    expect(where(hits)).toEqual([]);
  });

  it('production code and scripts take the /api/v1 prefix from the contract', () => {
    const dirs = ['api/src', 'scripts', 'portal/src', 'site/src', 'e2e/support'];
    const hits = dirs.flatMap(sources).flatMap(codeLines).filter(({ text }) => /['"`]\/api\/v1/.test(text));
    expect(where(hits)).toEqual([]);
  });

  it('role → actor is written once, in the shared booking policy', () => {
    const dirs = ['api/src', 'portal/src', 'shared/src', 'scripts'];
    const hits = dirs
      .flatMap(sources)
      .flatMap(codeLines)
      .filter(({ text }) => /'doctor'\s*(\?|\)\s*return)\s*'associate'|doctor:\s*'associate'/.test(text));
    expect(where(hits)).toEqual(['shared/src/rules/booking-policy.ts']);
  });

  it('the side of a meeting a role takes part on is written once, in the shared meeting access rule', () => {
    const dirs = ['api/src', 'portal/src', 'shared/src', 'scripts'];
    const hits = dirs
      .flatMap(sources)
      .flatMap(codeLines)
      .filter(({ text }) => /role\s*===\s*'user'\s*\?\s*[\w?.]*clientId\s*:\s*[\w?.]*doctorId|role\s*===\s*'doctor'\s*\?\s*[\w?.]*doctorId\s*:\s*[\w?.]*clientId/.test(text));
    expect(where(hits)).toEqual(['shared/src/rules/meeting-access.ts']);
  });
});

