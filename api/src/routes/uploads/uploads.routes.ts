import {
  FILE_KIND_MIME,
  type FileKind,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  uploadUrl,
} from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { Handler } from '../../lib/handler.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, notFound, tooManyRequests } from '../../lib/errors.ts';
import { logAccess } from '../../domain/privacy/access-log.ts';
import type { AuthUser } from '../../lib/types.ts';
import type { ReserveResult } from '../../lib/rate-limit.ts';
import { MULTIPART_OVERHEAD_BYTES } from '../../domain/uploads/multipart.ts';
import { findReadableUpload, openUploadStream, storeUpload } from '../../domain/uploads/uploads.service.ts';
import { idOrNotFound } from '../../lib/ids.ts';

/** Uploads per account per day: far above what one application needs, and it bounds storage abuse. */
export const UPLOAD_LIMITS = { perDay: 100, windowMs: 24 * 60 * 60 * 1000 } as const;

/** Kinds a browser shows by itself; anything else would be offered as a download. */
const INLINE_KINDS: ReadonlySet<FileKind> = new Set(['pdf', 'jpeg', 'png']);

/**
 * Served files come from users, so they run nothing: `sandbox` (without allow-scripts) gives the
 * document an opaque origin with no scripts, forms or plugins of its own, and `default-src 'none'`
 * lets it load nothing. Browsers still show images and PDFs under it with their built-in viewers
 * (checked in Chromium).
 */
export const UPLOAD_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/** `inline; filename="…"; filename*=UTF-8''…`: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(kind: FileKind, name: string): string {
  const type = INLINE_KINDS.has(kind) ? 'inline' : 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Reads and drops a request body, at most an upload's largest (the connection is closed after a larger one). */
async function discardBody(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (let read = 0; read <= MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES; ) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to answer.
  }
}

/** Takes one upload of the account's daily allowance (a slot of the shared limiter). */
function takeUploadSlot(deps: AppDeps, user: AuthUser): Promise<ReserveResult> {
  return deps.limiter.reserve([{ key: `upload:${user._id.toHexString()}`, limit: UPLOAD_LIMITS.perDay, windowMs: UPLOAD_LIMITS.windowMs }]);
}

export function uploadsRoutes(deps: AppDeps) {
  // Associates and admins upload their documents, verified or not (they need them to apply): the
  // guard lets them through. The body is streamed by storeUpload, never buffered by a validator.
  const upload: Handler<typeof api.uploads.create> = async (c) => {
    const user = c.var.account;

    // A declared length past the limit is refused before a single byte is read.
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) throw new AppError(413, UPLOAD_MESSAGES.tooLarge);

    const slot = await takeUploadSlot(deps, user).catch(async (err: unknown) => {
      // The database refused the slot (its disk full, say) before a byte of the file was read: the
      // body is read to its end first, so the person's browser, still sending, gets the answer
      // rather than a connection reset in the middle of its upload.
      await discardBody(c.req.raw.body);
      throw err;
    });
    if (!slot.ok) throw tooManyRequests(undefined, slot.retryAfterSeconds);

    const stored = await storeUpload(deps, user, c.req.raw.body, c.req.header('content-type') ?? '');
    const fileId = stored.id.toHexString();
    return c.json(
      {
        success: true as const,
        message: UPLOAD_MESSAGES.uploaded,
        secure_url: uploadUrl(fileId),
        fileId,
        name: stored.name,
        size: stored.size,
        kind: stored.kind,
      },
      201,
    );
  };

  const download: Handler<typeof api.uploads.read> = async (c) => {
    const user = c.var.account;
    const { id } = c.req.valid('param');
    // Anything but a stored file the caller may read is the same 404, so ids reveal nothing.
    const file = await findReadableUpload(deps, user, idOrNotFound(id, UPLOAD_MESSAGES.notFound));
    if (!file) throw notFound(UPLOAD_MESSAGES.notFound);
    // An admin opening someone's document is logged for them to see (DPDP Rule 6).
    await logAccess(deps, user, file.metadata.ownerId, 'document.read', file.metadata.originalName);

    const { kind, originalName } = file.metadata;
    c.header('Content-Type', FILE_KIND_MIME[kind]);
    c.header('Content-Length', String(file.length));
    c.header('Content-Disposition', contentDisposition(kind, originalName));
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', UPLOAD_CSP);
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    return c.body(openUploadStream(deps, file), 200);
  };

  return contractRouter()
    .openapi(routeOf(api.uploads.create), upload)
    .openapi(routeOf(api.uploads.read), download);
}
