import { deflateSync } from 'node:zlib';
import type { UploadField } from '@bh/shared';
import type { TestContext } from './context.ts';
import { samplePdf, samplePng } from '../src/seed/sample-files.ts';

/** Test helpers for multipart uploads (the shared test context only sends JSON). */

export const PDF = samplePdf(['Curriculum vitae']);
export const PNG = samplePng(40, 24, [20, 110, 190]);

export interface Part {
  name: string;
  value: string | { bytes: Uint8Array; filename: string; type?: string };
}

/** A multipart body with its parts in the given order. */
export function multipart(parts: readonly Part[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string') form.append(part.name, part.value);
    else form.append(part.name, new Blob([new Uint8Array(part.value.bytes)], { type: part.value.type ?? 'application/octet-stream' }), part.value.filename);
  }
  return form;
}

/** An upload's form: the `field` part, then the `file` part (with a declared type when given). */
export function uploadForm(field: string, bytes: Uint8Array, filename: string, type?: string): FormData {
  return multipart([{ name: 'field', value: field }, { name: 'file', value: { bytes, filename, ...(type ? { type } : {}) } }]);
}

export function postForm(ctx: TestContext, body: FormData | ReadableStream<Uint8Array>, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  const request: RequestInit = { method: 'POST', headers, body };
  // A streamed request body must say so (fetch's half-duplex rule).
  if (body instanceof ReadableStream) request.duplex = 'half';
  return ctx.app.request('/api/v1/uploads', request);
}

/** Uploads a file as `cookie`'s account and returns its `secure_url`. */
export async function uploadFile(
  ctx: TestContext,
  cookie: string,
  field: UploadField,
  file: { bytes: Uint8Array; filename: string } = field === 'resume' ? { bytes: PDF, filename: 'resume.pdf' } : { bytes: PNG, filename: 'card.png' },
): Promise<string> {
  const res = await postForm(ctx, uploadForm(field, file.bytes, file.filename), { cookie });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { secure_url: string };
  return body.secure_url;
}

// ---- files the upload must refuse by their bytes (DESIGN §4) ----------------------------------

export const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/v1/user/profile").then(r=>r.text()).then(alert)</script></body></html>');
export const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>');
/** A zip (as in a .jar or .docx). */
export const ZIP = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), deflateSync(Buffer.from('class Evil {}')), Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
/** The zip behind a GIF header: the classic GIFAR. */
export const GIFAR = Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), ZIP]);
/** A PDF signature that is not at the start: a lax check would take this page for a PDF. */
export const HTML_THEN_PDF = Buffer.concat([HTML, PDF]);
