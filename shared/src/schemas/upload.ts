import { z } from 'zod';
import { UPLOAD_MESSAGES as M } from '../messages/upload.ts';
import { successResponse } from './common.ts';

/** What an upload is for; each allows its own file kinds (spec §5 "Uploads"). */
export const UPLOAD_FIELDS = ['resume', 'document', 'salarySlip'] as const;
export type UploadField = (typeof UPLOAD_FIELDS)[number];

/** The only file kinds the product stores, recognised by their bytes. */
export const FILE_KINDS = ['pdf', 'jpeg', 'png'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_FILE_NAME_LENGTH = 100;
/** Uploaded images are measured from their header and refused beyond these (a scan needs far less). */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Whether an image of this size may be stored. */
export function imageDimensionsAllowed(width: number, height: number): boolean {
  return width > 0 && height > 0 && width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && width * height <= MAX_IMAGE_PIXELS;
}

export const ALLOWED_FILE_KINDS: Record<UploadField, readonly FileKind[]> = {
  resume: ['pdf'],
  document: ['jpeg', 'png', 'pdf'],
  salarySlip: ['pdf', 'jpeg', 'png'],
};

/** The type list each field's error names, in the spec's wording. */
const ALLOWED_TYPES_TEXT: Record<UploadField, string> = {
  resume: 'pdf',
  document: 'jpeg, jpg, png, pdf',
  salarySlip: 'pdf, jpeg, png',
};

/** The Content-Type a stored file is served with. */
export const FILE_KIND_MIME: Record<FileKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The `accept` attribute of each field's file input. */
export const UPLOAD_ACCEPT: Record<UploadField, string> = {
  resume: '.pdf,application/pdf',
  document: '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf',
  salarySlip: '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png',
};

// Browsers report JPEG under several historical names.
const MIME_KINDS: Readonly<Record<string, FileKind>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
};

const EXTENSION_KINDS: Readonly<Record<string, FileKind>> = { pdf: 'pdf', jpg: 'jpeg', jpeg: 'jpeg', png: 'png' };

/** The error for a file of the wrong kind in this field. */
export function uploadTypeMessage(field: UploadField): string {
  return field === 'resume' ? M.resumePdfOnly : M.invalidType(ALLOWED_TYPES_TEXT[field]);
}

export function isKindAllowed(field: UploadField, kind: FileKind | null): boolean {
  return kind !== null && ALLOWED_FILE_KINDS[field].includes(kind);
}

/**
 * The kind a browser file claims to be: its MIME type when the browser gives one, otherwise its
 * extension. Only a hint for early feedback; the API decides by the bytes.
 */
export function claimedFileKind(name: string, type: string): FileKind | null {
  if (type !== '') return MIME_KINDS[type.toLowerCase()] ?? null;
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension === undefined ? null : (EXTENSION_KINDS[extension] ?? null);
}

export interface UploadCandidate {
  name: string;
  size: number;
  type: string;
}

/** The message that stops this file from being uploaded to this field, or null if it may go. */
export function checkUploadCandidate(file: UploadCandidate, field: UploadField): string | null {
  if (file.size <= 0) return M.empty;
  if (file.size > MAX_UPLOAD_BYTES) return M.tooLarge;
  if (!isKindAllowed(field, claimedFileKind(file.name, file.type))) return uploadTypeMessage(field);
  if (Array.from(file.name).length > MAX_FILE_NAME_LENGTH) return M.nameTooLong;
  return null;
}

const SIGNATURES: readonly { kind: FileKind; bytes: readonly number[] }[] = [
  // '%PDF-'
  { kind: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // Start-of-image marker followed by the first segment's marker byte.
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** How many leading bytes sniffFileKind needs to decide. */
export const SNIFF_BYTES = 8;

/**
 * The file's real kind from its first bytes. The signature must sit at offset 0: a renamed HTML
 * or SVG page, or a PDF signature hidden after other content, gives null.
 */
export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  for (const { kind, bytes: signature } of SIGNATURES) {
    if (bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b)) return kind;
  }
  return null;
}

/**
 * The name a file is stored and offered for download under: the last path segment only, without
 * control characters (they could split a Content-Disposition header).
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const kept = Array.from(base).filter((c) => {
    const code = c.codePointAt(0) ?? 0;
    return code >= 0x20 && code !== 0x7f && c !== '"';
  });
  return kept.join('').trim();
}

/** Where an uploaded file is read back; the API checks who asks before serving it. */
export const UPLOAD_URL_PREFIX = '/api/v1/uploads/';
const UPLOAD_URL_PATTERN = /^\/api\/v1\/uploads\/([0-9a-f]{24})$/;

export function uploadUrl(fileId: string): string {
  return `${UPLOAD_URL_PREFIX}${fileId}`;
}

/** The stored file's id from its `secure_url`, or null when the text is not such a link. */
export function fileIdFromUrl(url: string): string | null {
  return UPLOAD_URL_PATTERN.exec(url)?.[1] ?? null;
}

/**
 * A form field holding a file uploaded earlier: the `secure_url` of POST /api/v1/uploads.
 * Links elsewhere are refused so an application can never point at someone else's host.
 */
export function fileReferenceField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((v) => v.toLowerCase())
    .refine((v) => fileIdFromUrl(v) !== null, invalid);
}

/** The `field` part of the multipart body of POST /api/v1/uploads. */
export const uploadFieldSchema = z.enum(UPLOAD_FIELDS, { error: M.fieldInvalid });

/** Answer of POST /api/v1/uploads; `secure_url` keeps the spec's name for the link. */
export const uploadResponse = successResponse({
  message: z.string(),
  secure_url: z.string(),
  fileId: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  kind: z.enum(FILE_KINDS),
});
export type UploadResponse = z.infer<typeof uploadResponse>;
