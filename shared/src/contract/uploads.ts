import { z } from 'zod';
import { FILE_KIND_MIME, FILE_KINDS, MAX_FILE_NAME_LENGTH, UPLOAD_FIELDS, uploadResponse } from '../schemas/index.ts';
import { defineOperation, errorReply, fileReply, jsonReply } from './define.ts';

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

const fileIdParam = z.object({ id: z.string().describe('The file id from `secure_url`.') });

export const uploads = {
  create: defineOperation({
    operationId: 'uploadCreate',
    method: 'post',
    path: '/uploads',
    tags: ['Uploads'],
    summary: 'Upload a document',
    description:
      "multipart/form-data with a `field` part and a `file` part. The kind is decided by the first bytes (PDF, JPEG, PNG: a renamed HTML or SVG page is refused), the size is checked while streaming, and the file is stored privately. The answer keeps the spec's `secure_url`, to put in the application.",
    access: 'uploadCreate',
    request: { body: { required: true, content: { 'multipart/form-data': { schema: uploadForm } } } },
    responses: {
      201: jsonReply('Stored.', uploadResponse),
      413: errorReply('File size must be less than 10MB.'),
      415: errorReply('The bytes are not a kind this field allows (or the body is not multipart).'),
      429: errorReply('Daily upload allowance used up.'),
    },
  }),

  read: defineOperation({
    operationId: 'uploadRead',
    method: 'get',
    path: '/uploads/{id}',
    tags: ['Uploads'],
    summary: 'Read an uploaded file',
    description:
      "Served with its sniffed Content-Type, `Content-Disposition: inline`, `X-Content-Type-Options: nosniff`, `Cache-Control: no-store` and a sandboxing Content-Security-Policy. Anyone else's file is a 404, the same as a missing one.",
    access: 'uploadRead',
    request: { params: fileIdParam },
    responses: {
      200: fileReply('The file: a PDF, JPEG or PNG.', FILE_KINDS.map((kind) => FILE_KIND_MIME[kind]), {
        'Content-Disposition': "inline; filename=\"…\"; filename*=UTF-8''…",
      }),
      404: errorReply('File not found.'),
    },
  }),
};
