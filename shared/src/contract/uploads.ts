import { z } from 'zod';
import { FILE_KIND_MIME, FILE_KINDS, MAX_FILE_NAME_LENGTH, UPLOAD_FIELDS, uploadResponse } from '../schemas/index.ts';
import { fileReply, jsonReply, operations, refusals } from './define.ts';

const op = operations('Uploads');

/**
 * The multipart body of POST /uploads, described for the document only: the API streams the
 * parts itself (checking the bytes and the size as they arrive), so no validator buffers them
 * first. A JSON Schema rather than a zod schema is what tells the router to leave the body alone.
 */
const uploadForm = {
  type: 'object' as const,
  required: ['field', 'file'],
  properties: {
    field: {
      type: 'string' as const,
      enum: [...UPLOAD_FIELDS],
      description: 'What the file is for: resume (PDF), document (JPEG, PNG or PDF) or salarySlip (PDF, JPEG or PNG).',
    },
    file: {
      type: 'string' as const,
      contentMediaType: 'application/octet-stream',
      description: `The file, at most 10 MB, name at most ${MAX_FILE_NAME_LENGTH} characters. Its kind is decided by its bytes.`,
    },
  },
};

const uploadBody = { required: true, content: { 'multipart/form-data': { schema: uploadForm } } };

const fileIdParam = z.object({ id: z.string().describe('The file id from `secure_url`.') });

export const uploads = {
  create: op('POST /uploads', 'uploadCreate', { access: 'uploadCreate', summary: 'Upload a document', body: uploadBody,
    description: "multipart/form-data with a `field` part and a `file` part. The kind is decided by the first bytes (PDF, JPEG, PNG: a renamed HTML or SVG page is refused), the size is checked while streaming, and the file is stored privately. The answer keeps the spec's `secure_url`, to put in the application.",
    responses: {
      201: jsonReply('Stored.', uploadResponse),
      400: refusals('an empty file, an unreadable image or one with too many pixels, a file name over the limit, or a multipart body that is malformed or has other parts than `field` then `file`'),
      413: 'File size must be less than 10MB.',
      415: 'The bytes are not a kind this field allows (or the body is not multipart).',
      429: 'Daily upload allowance used up.',
    },
  }),

  read: op('GET /uploads/{id}', 'uploadRead', { access: 'uploadRead', summary: 'Read an uploaded file', params: fileIdParam,
    description: "Served with its sniffed Content-Type, `Content-Disposition: inline`, `X-Content-Type-Options: nosniff`, `Cache-Control: no-store` and a sandboxing Content-Security-Policy. Anyone else's file is a 404, the same as a missing one.",
    responses: {
      200: fileReply('The file: a PDF, JPEG or PNG.', FILE_KINDS.map((kind) => FILE_KIND_MIME[kind]), { 'Content-Disposition': "inline; filename=\"…\"; filename*=UTF-8''…" }),
      404: 'File not found.',
    },
  }),
};
