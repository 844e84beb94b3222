import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptField, DecryptionError, encryptField } from './crypto.ts';

const key = randomBytes(32);
const context = 'applicant-1:bankAccount.accountNumber';

describe('encryptField / decryptField', () => {
  it('round-trips a number and never stores it in clear', () => {
    const stored = encryptField(key, '123456789012', context);
    expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain('123456789012');
    expect(stored).not.toContain(Buffer.from('123456789012').toString('base64url'));
    expect(decryptField(key, stored, context)).toBe('123456789012');
  });

  it('uses a fresh IV each time, so equal numbers give different ciphertexts', () => {
    const a = encryptField(key, 'ABCDE1234F', context);
    const b = encryptField(key, 'ABCDE1234F', context);
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
  });

  it('refuses another key', () => {
    const stored = encryptField(key, '123456789012', context);
    expect(() => decryptField(randomBytes(32), stored, context)).toThrow(DecryptionError);
  });

  it('refuses a value moved to another applicant or field', () => {
    const stored = encryptField(key, '123456789012', context);
    expect(() => decryptField(key, stored, 'applicant-2:bankAccount.accountNumber')).toThrow(DecryptionError);
    expect(() => decryptField(key, stored, 'applicant-1:personalInfo.Doc.0.documentId')).toThrow(DecryptionError);
  });

  it('refuses tampered data or tag', () => {
    const stored = encryptField(key, '123456789012', context);
    const [v, iv, tag, data] = stored.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptField(key, [v, iv, tag, flipped.toString('base64url')].join('.'), context)).toThrow(DecryptionError);
    const badTag = Buffer.from(tag, 'base64url');
    badTag[0] = badTag[0]! ^ 1;
    expect(() => decryptField(key, [v, iv, badTag.toString('base64url'), data].join('.'), context)).toThrow(DecryptionError);
  });

  it('refuses unknown formats and wrong key sizes', () => {
    expect(() => decryptField(key, 'v2.a.b.c', context)).toThrow(DecryptionError);
    expect(() => decryptField(key, '123456789012', context)).toThrow(DecryptionError);
    expect(() => encryptField(randomBytes(16), 'x', context)).toThrow(/32 bytes/);
  });
});
