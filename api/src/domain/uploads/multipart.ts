import busboy from 'busboy';
import { imageSize } from 'image-size';
import type { Readable } from 'node:stream';
import {
  cleanFileName,
  type FileKind,
  imageDimensionsAllowed,
  isKindAllowed,
  MAX_FILE_NAME_LENGTH,
  MAX_UPLOAD_BYTES,
  SNIFF_BYTES,
  sniffFileKind,
  UPLOAD_MESSAGES as M,
  type UploadField,
  uploadFieldSchema,
  uploadTypeMessage,
} from '@bh/shared';
import { AppError, badRequest } from '../../lib/errors.ts';

/** Room for the multipart boundaries, part headers and the `field` part around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;

export const MULTIPART_MESSAGES = {
  unexpectedPart: 'Send one file in the part named "file" and its field in the part named "field"',
  malformed: 'The upload could not be read. Please try again.',
} as const;

/** Where the bytes of an accepted file go while they stream in. */
export interface FileSink {
  write(chunk: Buffer): boolean;
  once(event: 'drain', listener: () => void): unknown;
  /** Resolves once every byte is stored. */
  finish(): Promise<void>;
  /** Removes whatever was stored so far. */
  discard(): Promise<void>;
}

export interface ReceivedFile<S extends FileSink> {
  field: UploadField;
  kind: FileKind;
  name: string;
  size: number;
  sink: S;
}

const tooLarge = () => new AppError(413, M.tooLarge);

/**
 * How much of an image's start may be kept to find its dimensions: PNG has them in its first 24
 * bytes, JPEG in the frame header after its metadata segments (each at most 64 KB).
 */
export const IMAGE_HEADER_BYTES = 256 * 1024;

/**
 * Whether an image's dimensions are known and allowed from its first bytes: 'ok', 'too-large',
 * 'unreadable', or 'more' when the bytes so far are not enough (and `complete` is false).
 */
export function checkImageHeader(head: Uint8Array, complete: boolean): 'ok' | 'too-large' | 'unreadable' | 'more' {
  let size: { width: number; height: number };
  try {
    size = imageSize(head);
  } catch {
    return complete || head.length >= IMAGE_HEADER_BYTES ? 'unreadable' : 'more';
  }
  return imageDimensionsAllowed(size.width, size.height) ? 'ok' : 'too-large';
}

/** The answer for an image refused by checkImageHeader. */
export function imageError(verdict: 'too-large' | 'unreadable'): AppError {
  const message = verdict === 'too-large' ? M.imageTooLarge : M.imageUnreadable;
  return badRequest(message, [{ path: 'file', message }]);
}
const wrongType = (field: UploadField) => new AppError(415, uploadTypeMessage(field));

/**
 * Streams a multipart body with one `file` part and one `field` part into a sink, deciding the
 * file's kind from its first bytes. Nothing is buffered beyond busboy's small chunks: a file
 * over 10 MB stops the read at the first byte past the limit, a wrong kind stops it as soon as the
 * signature is known, and in every failure the sink's partial content is discarded.
 *
 * The parts may come in either order; a file that arrives before its field is stored first and
 * checked against the field at the end.
 */
export async function receiveFile<S extends FileSink>(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  openSink: (file: { kind: FileKind; name: string }) => S,
): Promise<ReceivedFile<S>> {
  if (!body) throw badRequest(M.fileRequired, [{ path: 'file', message: M.fileRequired }]);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as raw UTF-8.
      defParamCharset: 'utf8',
      limits: { files: 1, fields: 1, fileSize: MAX_UPLOAD_BYTES + 1, fieldSize: 64, headerPairs: 20 },
    });
  } catch {
    throw badRequest(MULTIPART_MESSAGES.malformed);
  }

  let failure: AppError | null = null;
  /** A fault of the server (the database), reported as such rather than as a bad request. */
  let crash: unknown = null;
  let field: UploadField | null = null;
  let sink: S | null = null;
  let kind: FileKind | null = null;
  let name = '';
  let size = 0;
  let sawFile = false;
  /** The bytes matched no allowed signature, but the field was not known yet to name the types. */
  let unknownKind = false;
  let stored: Promise<void> = Promise.resolve();
  let fileStream: Readable | null = null;

  const fail = (err: AppError) => {
    failure ??= err;
    // Drain what busboy already holds so it never waits on a file nobody reads.
    fileStream?.resume();
  };
  const failed = () => failure !== null;

  const parsed = new Promise<void>((resolve) => {
    parser.on('field', (partName, value) => {
      if (partName !== 'field' || field !== null) return fail(badRequest(MULTIPART_MESSAGES.unexpectedPart));
      const result = uploadFieldSchema.safeParse(value);
      if (!result.success) return fail(badRequest(M.fieldInvalid, [{ path: 'field', message: M.fieldInvalid }]));
      field = result.data;
      if (unknownKind || (kind !== null && !isKindAllowed(field, kind))) fail(wrongType(field));
    });

    parser.on('file', (partName, stream, info) => {
      fileStream = stream;
      stream.on('error', () => fail(badRequest(MULTIPART_MESSAGES.malformed)));
      if (partName !== 'file' || sawFile) return fail(badRequest(MULTIPART_MESSAGES.unexpectedPart));
      sawFile = true;
      name = cleanFileName(info.filename ?? '');
      if (name === '') return fail(badRequest(M.fileRequired, [{ path: 'file', message: M.fileRequired }]));
      if (Array.from(name).length > MAX_FILE_NAME_LENGTH) {
        return fail(badRequest(M.nameTooLong, [{ path: 'file', message: M.nameTooLong }]));
      }

      let head = Buffer.alloc(0);
      /** The start of an image, kept until its dimensions are known. */
      let imageHead: Buffer | null = null;
      const measure = (chunk: Buffer, complete: boolean) => {
        if (imageHead === null) return;
        if (imageHead.length < IMAGE_HEADER_BYTES) imageHead = Buffer.concat([imageHead, chunk.subarray(0, IMAGE_HEADER_BYTES - imageHead.length)]);
        const verdict = checkImageHeader(imageHead, complete);
        if (verdict === 'more') return;
        imageHead = null;
        if (verdict !== 'ok') fail(imageError(verdict));
      };
      const write = (chunk: Buffer) => {
        if (!sink || failed()) return;
        measure(chunk, false);
        if (failed()) return;
        if (!sink.write(chunk)) {
          stream.pause();
          sink.once('drain', () => stream.resume());
        }
      };
      const startStoring = () => {
        kind = sniffFileKind(head);
        if (kind === null) {
          if (field !== null) return fail(wrongType(field));
          unknownKind = true;
          return;
        }
        if (field !== null && !isKindAllowed(field, kind)) return fail(wrongType(field));
        if (kind === 'jpeg' || kind === 'png') imageHead = Buffer.alloc(0);
        sink = openSink({ kind, name });
        write(head);
      };

      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (failed() || unknownKind) return;
        if (sink) return write(chunk);
        head = Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_BYTES) startStoring();
      });
      // busboy reports the limit once the file reaches it: the limit is set one byte past 10 MB.
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        if (failed() || unknownKind) return;
        if (!sink) {
          if (head.length === 0) return fail(badRequest(M.empty, [{ path: 'file', message: M.empty }]));
          startStoring();
        }
        measure(Buffer.alloc(0), true);
        const current: S | null = sink;
        if (current && !failed()) {
          stored = current.finish();
          // Awaited only once the parser closes: a failure before then must not count as unhandled,
          // which would end the process (a full disk refusing the last chunk or the file record).
          stored.catch(() => {});
        }
      });
    });

    parser.on('filesLimit', () => fail(badRequest(MULTIPART_MESSAGES.unexpectedPart)));
    parser.on('fieldsLimit', () => fail(badRequest(MULTIPART_MESSAGES.unexpectedPart)));
    parser.on('error', () => {
      fail(badRequest(MULTIPART_MESSAGES.malformed));
      resolve();
    });
    parser.on('close', () => resolve());
  });

  const reader = body.getReader();
  let total = 0;
  try {
    while (!failed()) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_BODY_BYTES) {
        fail(tooLarge());
        break;
      }
      if (!parser.write(value)) {
        await new Promise<void>((resolve) => {
          parser.once('drain', resolve);
          void parsed.then(resolve);
        });
      }
    }
  } catch {
    // Reading the body failed: the client went away mid-upload.
    fail(badRequest(MULTIPART_MESSAGES.malformed));
  }
  if (!failed()) {
    parser.end();
    await parsed;
    try {
      await stored;
    } catch (err) {
      crash = err;
    }
  }

  const result = crash === null ? decide() : null;
  if (result === null || result instanceof AppError) {
    // Stop reading: the server drops whatever is left of the body after the response.
    await reader.cancel().catch(() => {});
    parser.destroy();
    await currentSink()?.discard();
    throw result ?? crash;
  }
  return result;

  function currentSink(): S | null {
    return sink;
  }

  function decide(): ReceivedFile<S> | AppError {
    if (failure) return failure;
    if (!sawFile) return badRequest(M.fileRequired, [{ path: 'file', message: M.fileRequired }]);
    if (field === null) return badRequest(M.fieldInvalid, [{ path: 'field', message: M.fieldInvalid }]);
    if (kind === null || !isKindAllowed(field, kind)) return wrongType(field);
    const done = currentSink();
    if (!done) return badRequest(MULTIPART_MESSAGES.malformed);
    return { field, kind, name, size, sink: done };
  }
}
