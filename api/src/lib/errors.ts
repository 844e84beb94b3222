import { AUTH_MESSAGES, GENERAL_MESSAGES } from '@bh/shared';

export interface FieldError {
  path: string;
  message: string;
}

/**
 * The statuses an expected failure can carry: the error answers of the contract (DESIGN §4), named
 * here rather than borrowed from the HTTP framework, so the domain that throws them needs none.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504 | 507;

/** An expected failure with the status and message the client should see (DESIGN §4). */
export class AppError extends Error {
  readonly status: ErrorStatus;
  readonly errors: FieldError[] | undefined;
  /** Headers the answer must carry, such as `Retry-After` on 429 and 503. */
  readonly headers: Record<string, string> | undefined;

  constructor(status: ErrorStatus, message: string, errors?: FieldError[], headers?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors);
export const unauthorized = (message: string = AUTH_MESSAGES.notAuthenticated) => new AppError(401, message);
export const forbidden = (message: string = AUTH_MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = GENERAL_MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string = GENERAL_MESSAGES.tooManyRequests, retryAfterSeconds?: number) =>
  new AppError(429, message, undefined, retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(retryAfterSeconds) });

/**
 * Server error codes that mean the server is going away or cannot take the operation now
 * (MongoDB's shutdown and primary-change codes), not that the operation is wrong.
 */
const UNAVAILABLE_SERVER_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  89, // NetworkTimeout
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/**
 * Socket errors of a connection its peer dropped. The driver (7.9) wraps most of them in a
 * MongoNetworkError, but a command waiting for its write to drain rejects with the socket's own
 * error, as it is: a read ECONNRESET when the server resets the connection, or Node's EPIPE
 * "This socket has been ended by the other party" when the server had already closed it (seen
 * when the outage test stopped the database under a stream of writes).
 */
const DROPPED_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT']);

/**
 * A socket error from a connection the server dropped. Requests reach no other peer while they
 * run (mail leaves from the background sender, whose transport has errors of its own), and
 * Node's "aborted" for a request body its client gave up on carries no syscall, so it is not one.
 */
function isDroppedSocket(err: Error): boolean {
  const { code, syscall } = err as Error & { code?: unknown; syscall?: unknown };
  if (typeof code !== 'string' || !DROPPED_SOCKET_CODES.has(code)) return false;
  return typeof syscall === 'string' || code === 'EPIPE';
}

/** Driver errors that mean the database cannot be reached right now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const name = err.name;
  if (name === 'Error') return isDroppedSocket(err);
  if (name === 'MongoServerError') {
    const code = (err as Error & { code?: unknown }).code;
    if (typeof code === 'number' && UNAVAILABLE_SERVER_CODES.has(code)) return true;
    // FerretDB, stopping, answers operations in flight with InternalError (1) "… context canceled".
    return code === 1 && /\bcontext canceled$/.test(err.message);
  }
  return (
    name === 'MongoServerSelectionError' ||
    name === 'MongoNetworkError' ||
    name === 'MongoNetworkTimeoutError' ||
    name === 'MongoTopologyClosedError' ||
    name === 'MongoNotConnectedError' ||
    name === 'PoolClearedError' ||
    name === 'PoolClearedOnNetworkError' ||
    name === 'MongoPoolClearedError'
  );
}

/**
 * Server error codes for a disk with no room left: MongoDB's OutOfDiskSpace (its disk space
 * monitor, and WiredTiger's ENOSPC where it answers instead of stopping).
 */
const DISK_FULL_CODES = new Set([14031]);
/**
 * The same said in words: FerretDB on SQLite answers InternalError (1) "… database or disk is full
 * (13)" (SQLITE_FULL); a server reporting its file system's ENOSPC says "No space left on device".
 */
const DISK_FULL_TEXT = /\bdatabase or disk is full\b|\bno space left on device\b|\bENOSPC\b/i;

/**
 * A write the database refused because its disk is full (answered 507, never 500). Bulk writes
 * carry the refusal of each document in `writeErrors`, and a write concern's in `errInfo`.
 */
export function isStorageFull(err: unknown): boolean {
  if (!(err instanceof Error) || !err.name.startsWith('Mongo')) return false;
  const { code, writeErrors, errorResponse } = err as Error & { code?: unknown; writeErrors?: unknown; errorResponse?: { errmsg?: unknown } };
  if (typeof code === 'number' && DISK_FULL_CODES.has(code)) return true;
  const texts = [err.message, errorResponse?.errmsg];
  if (Array.isArray(writeErrors)) {
    for (const w of writeErrors as { code?: unknown; errmsg?: unknown }[]) {
      if (typeof w.code === 'number' && DISK_FULL_CODES.has(w.code)) return true;
      texts.push(w.errmsg);
    }
  }
  return texts.some((t) => typeof t === 'string' && DISK_FULL_TEXT.test(t));
}
