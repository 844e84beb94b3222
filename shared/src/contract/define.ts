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

/**
 * The error statuses every operation of a kind answers, by category (DESIGN §4). An operation
 * declares the rest itself, each with its description, in its own `responses` (404, 409, 429, a
 * 400 whose rules go beyond the schema ...); its own description wins over a category's.
 *
 * | status | which operations | why |
 * | --- | --- | --- |
 * | 400 | an operation with input (params, query or body) | the input does not match the schema |
 * | 401 | any operation that is not public | no valid session |
 * | 403 | an access rule that refuses some signed-in caller; any method but GET | DESIGN §5; the cross-site check |
 * | 413, 415 | any method but GET | a body over the limit; a body of another media type |
 * | 503, 507 | every operation | the database is unreachable; its disk is full |
 *
 * 500 is never declared: it is a fault, and every test (and schemathesis) fails on one.
 */
const VALIDATION = errorReply('The request does not match the contract: `message` is the first problem, `errors` lists every problem with its path.');
const UNAUTHENTICATED = errorReply('No valid session.');
const FORBIDDEN = errorReply('Signed in, but this account may not make this call (DESIGN §5).');
const CROSS_SITE = errorReply('The request did not come from the product\'s own origin (Origin or Sec-Fetch-Site names another site): every call that changes something is refused then.');
const FORBIDDEN_OR_CROSS_SITE = errorReply('Signed in, but this account may not make this call (DESIGN §5); or the request did not come from the product\'s own origin.');
const TOO_LARGE = errorReply('The body is larger than the API takes (256 KB for JSON).');
const UNSUPPORTED = errorReply('The body is not of the media type this call takes (application/json, or multipart/form-data for an upload).');
const UNAVAILABLE = errorReply('The database is unavailable; retry shortly.', { 'Retry-After': 'Seconds to wait.' });
const STORAGE_FULL = errorReply('The database\'s disk is full: a write this call needs was refused and nothing was saved; retry once space is freed.', { 'Retry-After': 'Seconds to wait.' });

/**
 * Product rules a JSON Schema cannot say, which answer the same 400 envelope as a schema mismatch.
 * An operation whose input they apply to declares them with `400: refusals(RULES.email, ...)`, so
 * the document says what a client must expect, and schemathesis (scripts/schemathesis.ts) knows a
 * schema-valid request may be refused there (`ownErrorStatuses`); for every other operation a 400
 * means the schema.
 */
export const RULES = {
  email: 'an email address in a form the product does not take (one `@`; before it letters, digits and `_\'+-.`, not starting with a dot or holding two in a row; after it a domain name ending in at least two letters)',
  password: 'a new password on the list of common passwords, or one character repeated',
  url: 'a link that is not an absolute http(s) URL',
  text: 'text with nothing visible in it, or a line break in a one-line field',
  future: 'a date and time that is not in the future in India time',
  date: 'a date that is not a real calendar date (`YYYY-MM-DD`)',
  participants: 'the same person as client and BH Associate',
  hours: 'weekly hours whose end is not after their start, or that overlap',
  coupon: 'a coupon code that is too short or long or has other characters than letters, digits, `-` and `_`, or an existing user without a valid email',
  application: "the application's own checks: phone, IFSC, UPI, account and identity numbers, dates in order, two different documents",
  grid: 'a `sort`, `range` or `filter` that is not the JSON text react-admin sends (`["field","ASC"]`, `[0,24]` with at most 100 rows, `{...}`) or names a field the grid does not sort or filter by',
} as const;

/** The 400 of an operation with rules beyond its schema: the schema mismatch, and each rule. */
export function refusals(...rules: [string, ...string[]]) {
  return errorReply(`${VALIDATION.description} Also refused, though the schema allows it: ${rules.join('; ')}.`);
}

const CATEGORY_REPLIES = new Set<unknown>([VALIDATION, UNAUTHENTICATED, FORBIDDEN, CROSS_SITE, FORBIDDEN_OR_CROSS_SITE, TOO_LARGE, UNSUPPORTED, UNAVAILABLE, STORAGE_FULL]);

/**
 * The error statuses an operation declares itself (not those its categories add): what it may
 * answer to a request its schema allows. A 400 here is a `refusals(...)`; a 415 of an upload is
 * the bytes' kind; the legacy GET delete's 405 is all it answers.
 */
export function ownErrorStatuses(op: Pick<OperationConfig, 'responses'>): number[] {
  return declaredStatuses(op).filter((status) => status >= 400 && !CATEGORY_REPLIES.has(op.responses[status]));
}

type HasInput<O> = O extends { request: object } ? true : false;
type SignedInCells<A extends AccessRule> = (typeof ACCESS)[A]['cells'][Exclude<Principal, 'anon'>];
type Refuses<O extends OperationConfig> = 'no' extends SignedInCells<O['access']> ? true : O['method'] extends 'get' ? false : true;
type StandardErrors<O extends OperationConfig> = (HasInput<O> extends true ? { 400: typeof VALIDATION } : object) &
  (O['access'] extends 'public' ? object : { 401: typeof UNAUTHENTICATED }) &
  (Refuses<O> extends true ? { 403: typeof FORBIDDEN } : object) &
  (O['method'] extends 'get' ? object : { 413: typeof TOO_LARGE; 415: typeof UNSUPPORTED }) & { 503: typeof UNAVAILABLE; 507: typeof STORAGE_FULL };

export type Operation<O extends OperationConfig = OperationConfig> = O & {
  responses: O['responses'] & Omit<StandardErrors<O>, keyof O['responses']>;
};

/** The statuses an operation declares (its own and its categories'), as numbers. */
export type DeclaredStatus<O extends OperationConfig> = Extract<keyof O['responses'], number>;
/** The error statuses (4xx, 5xx) an operation declares. */
export type ErrorStatusOf<O extends OperationConfig> = Exclude<DeclaredStatus<O>, 100 | 101 | 200 | 201 | 202 | 204 | 206 | 301 | 302 | 303 | 304 | 307 | 308>;

/** Every status an operation declares, ascending: what it may answer (500 never is). */
export function declaredStatuses(op: Pick<OperationConfig, 'responses'>): number[] {
  return Object.keys(op.responses)
    .map(Number)
    .sort((a, b) => a - b);
}

/** Whether an operation declares this status. */
export function declares(op: Pick<OperationConfig, 'responses'>, status: number): boolean {
  return Object.hasOwn(op.responses, String(status));
}

/**
 * Defines an operation: what the caller sends, what comes back and who may call. The errors every
 * call of its kind shares follow from the rest (the table above: 400 when there is input,
 * 401 unless public, 403 when the access rule can refuse a signed-in caller or the method changes
 * something, 413 and 415 for a method that may carry a body, 503 and 507 for every call); an
 * operation's own responses win over them.
 */
export function defineOperation<const O extends OperationConfig>(op: O): Operation<O> {
  const shared: Record<number, unknown> = {};
  if (op.request && Object.keys(op.request).length > 0) shared[400] = VALIDATION;
  if (op.access !== 'public') shared[401] = UNAUTHENTICATED;
  const { anon: _anon, ...signedIn } = ACCESS[op.access].cells;
  const refusesSomeone = Object.values(signedIn).includes('no');
  const unsafe = op.method !== 'get';
  if (refusesSomeone || unsafe) shared[403] = refusesSomeone && unsafe ? FORBIDDEN_OR_CROSS_SITE : refusesSomeone ? FORBIDDEN : CROSS_SITE;
  if (unsafe) {
    shared[413] = TOO_LARGE;
    shared[415] = UNSUPPORTED;
  }
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
