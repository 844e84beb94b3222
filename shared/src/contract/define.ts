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

type HasInput<O> = O extends { request: object } ? true : false;
type SignedInCells<A extends AccessRule> = (typeof ACCESS)[A]['cells'][Exclude<Principal, 'anon'>];
type StandardErrors<O extends OperationConfig> = (HasInput<O> extends true ? { 400: typeof VALIDATION } : object) &
  (O['access'] extends 'public' ? object : { 401: typeof UNAUTHENTICATED }) &
  ('no' extends SignedInCells<O['access']> ? { 403: typeof FORBIDDEN } : object);

export type Operation<O extends OperationConfig = OperationConfig> = O & {
  responses: O['responses'] & StandardErrors<O>;
};

/**
 * Defines an operation: what the caller sends, what comes back and who may call. The errors every
 * call shares follow from the rest (400 when there is input, 401 unless public, 403 when the
 * access rule can refuse a signed-in caller); an operation's own responses win over them.
 */
export function defineOperation<const O extends OperationConfig>(op: O): Operation<O> {
  const shared: Record<number, unknown> = {};
  if (op.request && Object.keys(op.request).length > 0) shared[400] = VALIDATION;
  if (op.access !== 'public') shared[401] = UNAUTHENTICATED;
  const { anon: _anon, ...signedIn } = ACCESS[op.access].cells;
  if (Object.values(signedIn).includes('no')) shared[403] = FORBIDDEN;
  return { ...op, responses: { ...shared, ...op.responses } } as Operation<O>;
}

/** The path as Hono and MSW spell it (`/meeting/:meetingId`). */
export function routerPath(path: string): string {
  return path.replaceAll(/\{(\w+)\}/g, ':$1');
}
