import { createCipheriv, createDecipheriv, randomBytes, type CipherGCM, type DecipherGCM } from 'node:crypto';

/**
 * Field-level encryption for bank account and identity document numbers (DESIGN §4).
 *
 * Stored as one versioned string `v1.<iv>.<tag>.<data>` (base64url parts) so a later key or
 * algorithm change can tell old values apart. Each value is bound to its context (for example
 * the applicant and the field) as additional authenticated data: a ciphertext copied into another
 * applicant's record or another field fails to decrypt instead of revealing the number there.
 */
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export class DecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecryptionError';
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new Error(`The document key must be ${KEY_BYTES} bytes`);
}

/** A fresh random IV per value, so equal numbers never produce equal ciphertexts. */
export function encryptField(key: Buffer, plaintext: string, context: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join('.');
}

/** The plaintext of a value made by encryptField with the same key and context. */
export function decryptField(key: Buffer, stored: string, context: string): string {
  checkKey(key);
  const parts = stored.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new DecryptionError('Unknown encrypted value format');
  const [, ivText, tagText, dataText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DecryptionError('Unknown encrypted value format');
  const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(Buffer.from(dataText, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new DecryptionError('The value could not be decrypted with this key and context');
  }
}

/**
 * Streamed AES-256-GCM for stored files (uploaded documents) with the same key. A file is one GCM
 * stream: a fresh random IV per file, the file's context (its id and owner) as additional
 * authenticated data, and the 16-byte tag kept beside it once the last byte is written. GCM adds
 * no padding, so the stored length is the file's length.
 */
export const FILE_ENCRYPTION_VERSION = 1;

export function fileEncryptor(key: Buffer, context: string): { iv: Buffer; cipher: CipherGCM } {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  return { iv, cipher };
}

/** Decrypts a file made by fileEncryptor; the stream fails at its end if any byte, the tag or the context differ. */
export function fileDecryptor(key: Buffer, iv: Buffer, tag: Buffer, context: string): DecipherGCM {
  checkKey(key);
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DecryptionError('Unknown encrypted file format');
  const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  return decipher;
}
