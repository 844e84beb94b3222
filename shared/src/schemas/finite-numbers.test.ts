import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../contract/index.ts';
import * as shared from '../index.ts';

/**
 * No input of ours carries NaN or ±Infinity to the database (issue 54: a NaN double drops the
 * embedded FerretDB's connection, and it refuses Infinity). JSON has neither, but `1e400` parses to
 * Infinity, and a query's text is coerced (`"NaN"`, `"Infinity"`). Every schema the shared package
 * exports, the contract's request bodies, queries and parameters among them, and the schemas its
 * factories build (`create…Schema(clock)`), is walked; every number in it, and every union or pipe
 * holding one, must refuse those values or answer something else than a number that is not finite.
 */

type Node = z.core.$ZodType;
const NON_FINITE: unknown[] = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, JSON.parse('1e400'), JSON.parse('-1e400')];
const NON_FINITE_TEXT = ['NaN', 'Infinity', '-Infinity', '1e400', '-1e400'];

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && '_zod' in v;

/** The schemas a node holds, by the kinds of zod 4's definitions. */
function children(node: Node): unknown[] {
  const def = node._zod.def as unknown as Record<string, unknown>;
  const out: unknown[] = [];
  for (const key of ['innerType', 'in', 'out', 'element', 'keyType', 'valueType', 'left', 'right', 'rest', 'schema']) if (def[key]) out.push(def[key]);
  if (def.shape) out.push(...Object.values(def.shape as Record<string, unknown>));
  for (const key of ['options', 'items']) if (Array.isArray(def[key])) out.push(...(def[key] as unknown[]));
  if (def.type === 'lazy' && typeof def.getter === 'function') out.push((def.getter as () => unknown)());
  return out;
}

/** Every zod node reachable from the roots (through plain objects, arrays and the contract's operations). */
function walk(roots: unknown[]): Set<Node> {
  const nodes = new Set<Node>();
  const seen = new Set<unknown>();
  const visit = (v: unknown, depth: number) => {
    if (typeof v !== 'object' || v === null || seen.has(v) || depth > 40) return;
    seen.add(v);
    if (isNode(v)) {
      nodes.add(v);
      for (const child of children(v)) visit(child, depth + 1);
      return;
    }
    for (const child of Array.isArray(v) ? v : Object.values(v)) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return nodes;
}

/** Whether a node, or one inside it, is a number. */
function holdsNumber(node: Node, depth = 0): boolean {
  if (node._zod.def.type === 'number') return true;
  return depth < 20 && children(node).some((c) => isNode(c) && holdsNumber(c, depth + 1));
}

/** Whether an answer holds a number that is not finite. */
function nonFinite(v: unknown): boolean {
  if (typeof v === 'number') return !Number.isFinite(v);
  if (typeof v === 'object' && v !== null) return Object.values(v).some(nonFinite);
  return false;
}

/** The values a node let through as non-finite numbers (empty when it refuses or changes them all). */
function letThrough(node: Node): string[] {
  const coerced = node._zod.def.type === 'number' && (node._zod.def as { coerce?: boolean }).coerce;
  const values = node._zod.def.type === 'number' && !coerced ? NON_FINITE : [...NON_FINITE, ...NON_FINITE_TEXT];
  return values.filter((value) => {
    const parsed = z.safeParse(node, value);
    return parsed.success && nonFinite(parsed.data);
  }).map(String);
}

/** The schemas a factory of the shared package builds (`create…Schema`), with its defaults. */
function built(exports: Record<string, unknown>): unknown[] {
  return Object.entries(exports)
    .filter(([name, v]) => typeof v === 'function' && /^create\w*Schema$/.test(name))
    .map(([, factory]) => (factory as () => unknown)());
}

describe('numbers in what the API accepts', () => {
  const roots = [...Object.values(shared), ...Object.values(contract), ...built(shared)];
  const numeric = [...walk(roots)].filter((node) => holdsNumber(node));

  it('finds the numbers to check (page and limit, the grids’ ranges, the graduation year…)', () => {
    expect(numeric.filter((n) => n._zod.def.type === 'number').length).toBeGreaterThanOrEqual(8);
    // A coerced query number (`?page=`) is among them.
    expect(numeric.some((n) => n._zod.def.type === 'number' && (n._zod.def as { coerce?: boolean }).coerce)).toBe(true);
  });

  it('refuses NaN and ±Infinity in every number field and query parameter', () => {
    const accepted = numeric.map((node) => ({ node: node._zod.def.type, through: letThrough(node) })).filter((n) => n.through.length > 0);
    expect(accepted).toEqual([]);
  });

  it('would see a number field that took them (the check itself)', () => {
    expect(letThrough(z.number().or(z.nan()))).toEqual(['NaN']);
    expect(letThrough(z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.any()))).toContain('Infinity');
    expect(letThrough(z.object({ page: z.coerce.number() }))).toEqual([]);
    expect(letThrough(z.coerce.number())).toEqual([]);
  });
});
