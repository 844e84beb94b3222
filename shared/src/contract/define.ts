import type { RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import { errorResponseSchema } from '../schemas/common.ts';
import { ACCESS, type AccessRule, type Principal } from './access.ts';

/**
 * One /api/v1 operation, defined once. The shape is @hono/zod-openapi's `RouteConfig` (the API
 * mounts it with `createRoute`, which also puts it in the OpenAPI document), plus the access rule:
 * a key into DESIGN §5's table (`access.ts`). Paths are relative to /api/v1 and name their
 * parameters OpenAPI's way (`/meeting/{meetingId}`).
 *
 * Only types come from @hono/zod-openapi here, so the portal and the site can import every
 * definition without bundling the server's router.
 */
export type OperationConfig = Omit<RouteConfig, 'middleware' | 'hide'> & {
  operationId: string;
  access: AccessRule;
  tags: [string, ...string[]];
  summary: string;
};

/** A JSON request body that must be present. */
export function jsonBody<S extends z.ZodType>(schema: S, description?: string) {
  return {
    required: true as const,
    content: { 'application/json': { schema } },
    ...(description ? { description } : {}),
  };
}

/** A JSON answer with its schema. */
export function jsonReply<S extends z.ZodType>(description: string, schema: S, headers?: Record<string, string>) {
  return {
    description,
    content: { 'application/json': { schema } },
    ...(headers ? { headers: headerObjects(headers) } : {}),
  };
}

/** A non-JSON answer (a file, a calendar, a page): its media types, described in words. */
export function fileReply<M extends string>(description: string, mediaTypes: readonly M[], headers?: Record<string, string>) {
  const content = {} as Record<M, { schema: { type: 'string'; format: 'binary' } }>;
  for (const type of mediaTypes) content[type] = { schema: { type: 'string', format: 'binary' } };
  return { description, content, ...(headers ? { headers: headerObjects(headers) } : {}) };
}

/** An error answer: always the `{ success: false, message, errors? }` envelope. */
export function errorReply(description: string, headers?: Record<string, string>) {
  return jsonReply(description, errorResponseSchema, headers);
}

function headerObjects(headers: Record<string, string>) {
  const out: Record<string, { description: string; schema: { type: 'string' } }> = {};
  for (const [name, description] of Object.entries(headers)) out[name] = { description, schema: { type: 'string' } };
  return out;
}

const VALIDATION = errorReply('The request does not match the contract: `message` is the first problem, `errors` lists every problem with its path.');
const UNAUTHENTICATED = errorReply('No valid session.');
const FORBIDDEN = errorReply('Signed in, but this account may not make this call (DESIGN §5).');
const UNSUPPORTED = errorReply('The body is not of the media type this call takes (application/json, or multipart/form-data for an upload).');
const UNAVAILABLE = errorReply('The database is unavailable; retry shortly.', { 'Retry-After': 'Seconds to wait.' });
const STORAGE_FULL = errorReply('The database\'s disk is full: a write this call needs was refused and nothing was saved; retry once space is freed.', { 'Retry-After': 'Seconds to wait.' });

type HasInput<O> = O extends { request: object } ? true : false;
type SignedInCells<A extends AccessRule> = (typeof ACCESS)[A]['cells'][Exclude<Principal, 'anon'>];
type StandardErrors<O extends OperationConfig> = (HasInput<O> extends true ? { 400: typeof VALIDATION } : object) &
  (O['access'] extends 'public' ? object : { 401: typeof UNAUTHENTICATED }) &
  ('no' extends SignedInCells<O['access']> ? { 403: typeof FORBIDDEN } : object) &
  (O['method'] extends 'get' ? object : { 415: typeof UNSUPPORTED }) & { 503: typeof UNAVAILABLE; 507: typeof STORAGE_FULL };

export type Operation<O extends OperationConfig = OperationConfig> = O & {
  responses: O['responses'] & Omit<StandardErrors<O>, keyof O['responses']>;
};

/**
 * Defines an operation: what the caller sends, what comes back and who may call. The errors every
 * call shares follow from the rest (400 when there is input, 401 unless public, 403 when the
 * access rule can refuse a signed-in caller, 415 for a method that may carry a body, 503 while the
 * database is unreachable, 507 when its disk is full); an operation's own responses win over them.
 */
export function defineOperation<const O extends OperationConfig>(op: O): Operation<O> {
  const shared: Record<number, unknown> = {};
  if (op.request && Object.keys(op.request).length > 0) shared[400] = VALIDATION;
  if (op.access !== 'public') shared[401] = UNAUTHENTICATED;
  const { anon: _anon, ...signedIn } = ACCESS[op.access].cells;
  if (Object.values(signedIn).includes('no')) shared[403] = FORBIDDEN;
  if (op.method !== 'get') shared[415] = UNSUPPORTED;
  shared[503] = UNAVAILABLE;
  shared[507] = STORAGE_FULL;
  return { ...op, responses: { ...shared, ...op.responses } } as Operation<O>;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type RequestParts = NonNullable<RouteConfig['request']>;
type RequestBody = NonNullable<RequestParts['body']>;
type Reply = RouteConfig['responses'][string];

/** `'POST /meeting/{meetingId}/cancel'`: the method, a space, the path relative to /api/v1. */
export type Route = `${Uppercase<Method>} /${string}`;

/** What an operation says beyond its area's tag: only what is particular to it. */
export interface OperationSpec {
  /** A row of DESIGN §5's table (`access.ts`). */
  access: AccessRule;
  summary: string;
  description?: string;
  params?: RequestParts['params'];
  query?: RequestParts['query'];
  /** A zod schema is a required JSON body; anything else (multipart) is the body's OpenAPI description as it is. */
  body?: z.ZodType | RequestBody;
  /** An operation's own answers; a text alone is an error answer (the envelope) with that description. */
  responses: Record<number, Reply | string>;
}

type JsonBody<S extends z.ZodType> = { required: true; content: { 'application/json': { schema: S } } };
type ErrorReply = { description: string; content: { 'application/json': { schema: typeof errorResponseSchema } } };
type BodyOf<B> = B extends z.ZodType ? JsonBody<B> : B;
type RequestOf<S extends OperationSpec> = Pick<S, Extract<keyof S, 'params' | 'query'>> & (S extends { body: infer B } ? { body: BodyOf<B> } : object);
type Input<S extends OperationSpec> = Extract<keyof S, 'params' | 'query' | 'body'> extends never ? object : { request: RequestOf<S> };

/** The `RouteConfig` an area's `op(route, operationId, spec)` stands for. */
type Built<Tag extends string, R extends Route, Id extends string, S extends OperationSpec> = R extends `${infer M} ${infer P}`
  ? {
      operationId: Id;
      method: Lowercase<M> & Method;
      path: P;
      tags: [Tag];
      summary: S['summary'];
      access: S['access'];
      responses: { [K in keyof S['responses']]: S['responses'][K] extends string ? ErrorReply : S['responses'][K] };
    } & Pick<S, Extract<keyof S, 'description'>> &
      Input<S>
  : never;

/** Whether a value is a zod schema (rather than a JSON Schema or OpenAPI object). */
export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && typeof (value as { safeParse?: unknown }).safeParse === 'function';
}

/**
 * The operations of one area, each under the area's OpenAPI tag:
 * `op('POST /meeting/{meetingId}/cancel', 'meetingCancel', { access, summary, params, body, responses })`.
 * The result is @hono/zod-openapi's `RouteConfig` as `defineOperation` makes it: the body schema
 * wrapped as a required JSON body, an error text as the error envelope, the shared errors added.
 */
export function operations<const Tag extends string>(tag: Tag) {
  return function op<const R extends Route, const Id extends string, const S extends OperationSpec>(route: R, operationId: Id, spec: S) {
    const [method, path] = route.split(' ') as [string, string];
    const { access, summary, description, params, query, body, responses } = spec;
    const request = {
      ...(params ? { params } : {}),
      ...(query ? { query } : {}),
      ...(body ? { body: isZodSchema(body) ? jsonBody(body) : body } : {}),
    };
    const replies: Record<number, Reply> = {};
    for (const [status, reply] of Object.entries(responses)) replies[Number(status)] = typeof reply === 'string' ? errorReply(reply) : reply;
    const config = {
      operationId,
      method: method.toLowerCase() as Method,
      path,
      tags: [tag] as [Tag],
      summary,
      ...(description !== undefined ? { description } : {}),
      access,
      ...(Object.keys(request).length > 0 ? { request } : {}),
      responses: replies,
    };
    return defineOperation(config) as unknown as Built<Tag, R, Id, S> extends infer B extends OperationConfig ? Operation<B> : never;
  };
}

/** The path as Hono and MSW spell it (`/meeting/:meetingId`). */
export function routerPath(path: string): string {
  return path.replaceAll(/\{(\w+)\}/g, ':$1');
}
