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
  const res = await postForm(ctx, multipart([{ name: 'field', value: field }, { name: 'file', value: file }]), { cookie });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { secure_url: string };
  return body.secure_url;
}
