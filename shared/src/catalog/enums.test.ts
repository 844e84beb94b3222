import { describe, expect, it } from 'vitest';
import * as enums from './enums.ts';
import { COUNTRIES, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from './enums.ts';

// Which value is accepted where is tested on the application schema (registration.test.ts); here,
// what makes each exported list usable as the options of a select.
const LISTS = Object.entries<unknown>(enums).filter((entry): entry is [string, readonly string[]] => Array.isArray(entry[1]));

describe('application enumerations', () => {
  it('finds the six lists of the application form', () => {
    expect(LISTS).toHaveLength(6);
  });

  it.each(LISTS)('%s: distinct, trimmed, non-empty options', (_name, values) => {
    expect(values.length).toBeGreaterThan(1);
    expect(new Set(values).size).toBe(values.length);
    for (const value of values) expect(value).toMatch(/^\S(.*\S)?$/);
  });

  it('labels every document type, and nothing else', () => {
    expect(Object.keys(DOCUMENT_TYPE_LABELS).sort()).toEqual([...DOCUMENT_TYPES].sort());
    for (const type of DOCUMENT_TYPES) expect(DOCUMENT_TYPE_LABELS[type]).toMatch(/\S/);
  });
});

describe('COUNTRIES', () => {
  it('lists 195 distinct countries, India first and the rest alphabetical', () => {
    expect(COUNTRIES).toHaveLength(195);
    expect(new Set(COUNTRIES).size).toBe(195);
    expect(COUNTRIES[0]).toBe('India');
    const rest = COUNTRIES.slice(1);
    expect(rest).not.toContain('India');
    expect([...rest].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(rest);
  });
});
