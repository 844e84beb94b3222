import { describe, expect, it } from 'vitest';
import { isValidDocumentId, normalizeDocumentId } from './identity.ts';

describe('identity document numbers', () => {
  it('checks Aadhaar as 12 digits, grouped or not', () => {
    expect(isValidDocumentId('aadhar', '2345 6789 0123')).toBe(true);
    expect(isValidDocumentId('aadhar', '23456789012')).toBe(false);
    expect(isValidDocumentId('aadhar', 'ABCD56789012')).toBe(false);
  });

  it('checks PAN as 5 letters, 4 digits and a letter, in any case', () => {
    expect(isValidDocumentId('pan', 'abcde1234f')).toBe(true);
    expect(isValidDocumentId('pan', 'ABCDE12345')).toBe(false);
  });

  it('checks a driving licence starts with a state code', () => {
    expect(isValidDocumentId('dl', 'MH-14-2011-0062821')).toBe(true);
    expect(isValidDocumentId('dl', 'DL0420110149646')).toBe(true);
    expect(isValidDocumentId('dl', '1420110062821')).toBe(false);
    expect(isValidDocumentId('dl', 'MH12')).toBe(false);
  });

  it('stores numbers without separators, in capitals', () => {
    expect(normalizeDocumentId(' mh-14 2011 ')).toBe('MH142011');
  });
});
