import { describe, expect, it } from 'vitest';
import {
  BLOOD_GROUPS,
  COUNTRIES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  EDUCATION_LEVELS,
  EMPLOYMENT_TYPES,
  GENDERS,
} from './enums.ts';

describe('application enumerations', () => {
  it('hold exactly the spec values', () => {
    expect(GENDERS).toEqual(['Male', 'Female', 'Other', 'Prefer not to say']);
    expect(BLOOD_GROUPS).toEqual(['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-']);
    expect(DOCUMENT_TYPES).toEqual(['aadhar', 'pan', 'dl']);
    expect(EMPLOYMENT_TYPES).toEqual(['Full-time', 'Part-time', 'Contract', 'Temporary', 'Other']);
    expect(EDUCATION_LEVELS).toEqual([
      'High School',
      'Diploma',
      "Bachelor's Degree",
      "Master's Degree",
      'Doctorate',
      'Other',
    ]);
  });

  it('labels every document type', () => {
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
