import type { DocumentType } from '../catalog/enums.ts';

/**
 * Shapes of Indian identity numbers, checked loosely enough for every format still in use:
 * Aadhaar is 12 digits, PAN is 5 letters, 4 digits and a letter, and a driving licence starts
 * with the 2-letter state code followed by the RTO code, year and serial.
 */
const DOCUMENT_ID_PATTERNS: Record<DocumentType, RegExp> = {
  aadhar: /^\d{12}$/,
  pan: /^[A-Z]{5}\d{4}[A-Z]$/,
  dl: /^[A-Z]{2}[A-Z0-9]{6,14}$/,
};

/** Numbers are written with spaces or hyphens between groups; they are stored without them, in capitals. */
export function normalizeDocumentId(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

export function isValidDocumentId(type: DocumentType, text: string): boolean {
  return DOCUMENT_ID_PATTERNS[type].test(normalizeDocumentId(text));
}
