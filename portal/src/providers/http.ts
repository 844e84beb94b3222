import { HttpError } from 'react-admin';
import { errorResponseSchema, type ErrorResponse } from '@bh/shared';
import type { z } from 'zod';

/** Every call goes to the same origin, so the session cookie travels with it and no CORS is involved. */
export const API_BASE = '/api/v1';

/**
 * Why a call failed, in the data layer's terms (spec §8): the server answered with an error,
 * nothing came back, the request took too long, or the answer did not match the contract.
 */
export type ApiFailure = 'http' | 'network' | 'timeout' | 'parse';

/** A failed call. `body` is the server's error envelope when it sent one. */
export class ApiError extends HttpError {
  readonly failure: ApiFailure;
  override readonly body: ErrorResponse | null;

  constructor(message: string, status: number, failure: ApiFailure, body: ErrorResponse | null) {
    super(message, status, body);
    // HttpError resets its prototype to its own, which would hide this subclass from instanceof.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'ApiError';
    this.failure = failure;
    this.body = body;
  }

  /** The server's own message, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.message || undefined;
  }
}

export interface ApiRequest<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** The shared response schema the answer must match. */
  schema: S;
  signal?: AbortSignal;
}

/** Calls `/api/v1{path}` and returns the answer parsed with its shared schema. */
export async function apiCall<S extends z.ZodType>(path: string, request: ApiRequest<S>): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: request.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (cause) {
    if (request.signal?.aborted) throw cause;
    throw new ApiError('', 0, 'network', null);
  }
  const json = await readJson(response);
  if (!response.ok) {
    const parsed = errorResponseSchema.safeParse(json);
    const body = parsed.success ? parsed.data : null;
    throw new ApiError(body?.message ?? response.statusText, response.status, 'http', body);
  }
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) throw new ApiError('', response.status, 'parse', null);
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The server's message for a failed call, or the screen's own fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof HttpError && typeof error.body === 'object' && error.body !== null) {
    const parsed = errorResponseSchema.safeParse(error.body);
    if (parsed.success && parsed.data.message) return parsed.data.message;
  }
  return fallback;
}

/** The HTTP status of a failed call (0 when nothing came back). */
export function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}
