import type { z } from 'zod';
import { errorResponseSchema, type ErrorResponse } from '../schemas/common.ts';
import { isZodSchema, type OperationConfig } from './define.ts';

/** Every call goes to the same origin, so the session cookie travels with it and no CORS is involved. */
export const API_BASE = '/api/v1';

type Schema<T> = T extends z.ZodType ? T : never;

type ParamsSchema<O> = O extends { request: { params: infer S } } ? Schema<S> : never;
type QuerySchema<O> = O extends { request: { query: infer S } } ? Schema<S> : never;
type BodySchema<O> = O extends { request: { body: { content: { 'application/json': { schema: infer S } } } } } ? Schema<S> : never;

type Field<K extends string, S> = [S] extends [never] ? { [P in K]?: never } : { [P in K]: z.input<S> };
type OptionalField<K extends string, S> = [S] extends [never] ? { [P in K]?: never } : { [P in K]?: z.input<S> };

/** What a call needs: its path parameters, query and JSON body, each typed by the operation. */
export type CallInput<O> = Field<'params', ParamsSchema<O>> & OptionalField<'query', QuerySchema<O>> & Field<'body', BodySchema<O>>;

type SuccessStatus = 200 | 201 | 202;
type SuccessSchemaOf<O> = O extends { responses: infer R }
  ? { [K in keyof R]: K extends SuccessStatus ? (R[K] extends { content: { 'application/json': { schema: infer S } } } ? Schema<S> : never) : never }[keyof R]
  : never;

/** The parsed answer of a successful call. */
export type CallResult<O> = [SuccessSchemaOf<O>] extends [never] ? unknown : z.output<SuccessSchemaOf<O>>;

/** Inputs are optional where the operation takes none. */
type Args<O> = keyof RequiredKeys<CallInput<O>> extends never ? [input?: CallInput<O>, init?: CallOptions] : [input: CallInput<O>, init?: CallOptions];
type RequiredKeys<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] };

/**
 * Why a call failed: the server answered with an error, nothing came back, or the answer did not
 * match the contract.
 */
export interface CallFailure {
  kind: 'http' | 'network' | 'parse';
  /** 0 when nothing came back. */
  status: number;
  /** The server's error envelope when it sent one. */
  body: ErrorResponse | null;
  /** The server's message, or the status text. */
  message: string;
  cause?: unknown;
}

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  /** Where /api/v1 is: `/api/v1` in a browser on the product's origin, a full URL elsewhere. */
  base?: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Headers every call sends (e.g. a cookie outside a browser). */
  headers?: () => Record<string, string>;
  /** Turns a failure into the error the caller's code expects (react-admin's HttpError, say). */
  toError?: (failure: CallFailure) => Error;
}

/** Fills `{name}` path parameters, each encoded. */
export function pathFor(path: string, params: Record<string, unknown> | undefined): string {
  return path.replaceAll(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Query values as the API reads them: text as it is, numbers and booleans as text, the rest as JSON. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    search.set(name, typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The schema of the operation's first successful JSON answer, if it has one. */
export function successSchema(op: OperationConfig): z.ZodType | undefined {
  for (const status of [200, 201, 202] as const) {
    const schema = (op.responses[status] as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
    if (isZodSchema(schema)) return schema;
  }
  return undefined;
}

class CallError extends Error {
  readonly failure: CallFailure;
  constructor(failure: CallFailure) {
    super(failure.message);
    this.name = 'CallError';
    this.failure = failure;
  }
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

/**
 * A client for the operations in `shared/src/contract`: a wrong path, parameter or body is a type
 * error, and every answer is checked against the operation's schema before anyone reads it.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const base = options.base ?? API_BASE;
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const toError = options.toError ?? ((failure: CallFailure) => new CallError(failure));

  /** The URL of a call: for links, downloads and uploads that do not go through `call`. */
  function url<O extends OperationConfig>(op: O, input?: Pick<CallInput<O>, 'params' | 'query'>): string {
    const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
    return `${base}${pathFor(op.path, params)}${queryString(query)}`;
  }

  /** Sends the call and returns the response as it came, whatever its status (files, headers). */
  async function raw<O extends OperationConfig>(op: O, ...[input, init]: Args<O>): Promise<Response> {
    const { body } = (input ?? {}) as { body?: unknown };
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers?.(), ...init?.headers };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await doFetch(url(op, input as Pick<CallInput<O>, 'params' | 'query'>), {
        method: op.method.toUpperCase(),
        headers,
        credentials: 'same-origin',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(init?.signal ? { signal: init.signal } : {}),
      });
    } catch (cause) {
      if (init?.signal?.aborted) throw cause;
      throw toError({ kind: 'network', status: 0, body: null, message: '', cause });
    }
  }

  /**
   * Reads an answer as `call` does: a 2xx answer parsed with the operation's schema, anything else
   * thrown. For a `raw` call whose headers matter too (a grid's Content-Range).
   */
  async function read<O extends OperationConfig>(op: O, response: Response): Promise<CallResult<O>> {
    const json = await readJson(response);
    if (!response.ok) {
      const parsed = errorResponseSchema.safeParse(json);
      const body = parsed.success ? parsed.data : null;
      throw toError({ kind: 'http', status: response.status, body, message: body?.message ?? response.statusText });
    }
    const schema = successSchema(op);
    if (!schema) return json as CallResult<O>;
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw toError({ kind: 'parse', status: response.status, body: null, message: '', cause: parsed.error });
    return parsed.data as CallResult<O>;
  }

  /** Sends the call; a 2xx answer is parsed with the operation's schema, anything else throws. */
  async function call<O extends OperationConfig>(op: O, ...args: Args<O>): Promise<CallResult<O>> {
    return read(op, await raw(op, ...args));
  }

  return { call, raw, read, url };
}

export type ApiClient = ReturnType<typeof createApiClient>;
