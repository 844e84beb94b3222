import { http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import { AUTH_MESSAGES, errorResponseSchema, GENERAL_MESSAGES, type ErrorResponse } from '@bh/shared';
import { ACCESS, API_BASE, accessCell, routerPath, type AccessSubject, type OperationConfig } from '@bh/shared/contract';

/**
 * MSW handlers derived from the shared operation definitions (`shared/src/contract`), so a mock
 * answers on the operation's method and path, refuses callers with the API's guard (DESIGN §5's
 * table, same 401/403 texts), rejects input with the API's validation envelope and never sends an
 * answer its definition does not promise.
 */

type Schema<T> = T extends z.ZodType ? T : never;
type ParamsOf<O> = O extends { request: { params: infer S } } ? z.output<Schema<S>> : Record<string, never>;
type QueryOf<O> = O extends { request: { query: infer S } } ? z.output<Schema<S>> : Record<string, never>;
type BodyOf<O> = O extends { request: { body: { content: { 'application/json': { schema: infer S } } } } } ? z.output<Schema<S>> : undefined;
/**
 * What a mocked call answers: a JSON answer, parsed at run time with the operation's schema for
 * that status (an answer the definition does not promise throws), or a raw response (files, grids).
 */
export type MockReply = { status: number; body: unknown } | Response;

/** The caller the guard let through: never null unless the operation is public. */
export type MockCaller<O, U> = O extends { access: 'public' } ? U | null : U;

export interface MockCall<O, U> {
  caller: MockCaller<O, U>;
  params: ParamsOf<O>;
  query: QueryOf<O>;
  body: BodyOf<O>;
  request: Request;
}

export interface MockWorldAccess<U extends AccessSubject> {
  /** The signed-in account, if any. */
  session(): U | null;
  /** Calls a test wants to fail, by operation id → HTTP status. */
  failures: Partial<Record<string, number>>;
}

export interface MockOptions {
  /** Bad path parameters answer like this instead of the validation envelope (the API's own hook, e.g. 404 for an unknown plan). */
  invalidParams?: { status: number; message: string };
  /** The message of a forced failure (`world.failures`), when the screen shows it. */
  failureMessage?: string;
  /** The definition's body schema built on the mock's clock (schemas that check "in the future"). */
  body?: z.ZodType;
}

/** The API's error envelope. */
export function mockFailure(status: number, message: string, errors?: ErrorResponse['errors']): Response {
  return HttpResponse.json(errorResponseSchema.parse({ success: false, message, ...(errors ? { errors } : {}) }), { status });
}

/** The API's 400 for a request that does not match the contract: the first problem's message, then every problem with its path. */
export function validationFailure(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Response {
  const errors = issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return mockFailure(400, errors[0]?.message ?? GENERAL_MESSAGES.validationFailed, errors);
}

/** The URL pattern MSW matches for an operation (the API base and the operation's path, `:name` for each parameter), for tests that override one call. */
export function mockPath(op: OperationConfig): string {
  return `${API_BASE}${routerPath(op.path)}`;
}

function schemaAt(value: unknown): z.ZodType | undefined {
  return typeof value === 'object' && value !== null && typeof (value as { safeParse?: unknown }).safeParse === 'function' ? (value as z.ZodType) : undefined;
}

function jsonSchemaOf(op: OperationConfig, status: number): z.ZodType | undefined {
  const reply = op.responses[status] as { content?: Record<string, { schema?: unknown }> } | undefined;
  return schemaAt(reply?.content?.['application/json']?.schema);
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Query values as the API's validator sees them: one string per name. */
function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

function forcedFailure(status: number, message: string | undefined): Response {
  return mockFailure(status, message ?? (status === 503 ? GENERAL_MESSAGES.databaseUnavailable : `Forced failure ${status}`));
}

/**
 * Registers `handle` for the operation: forced failures first, then the guard, then the path,
 * query and body parsed with the definition's schemas, then the handler, whose JSON answer is
 * parsed with the definition's schema for its status (a mock that answers off-contract throws).
 */
export function mockOperation<const O extends OperationConfig, U extends AccessSubject>(
  op: O,
  world: MockWorldAccess<U>,
  handle: (call: MockCall<O, U>) => MockReply | Promise<MockReply>,
  options: MockOptions = {},
): HttpHandler {
  const method = op.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](mockPath(op), async ({ request, params }) => {
    const forced = world.failures[op.operationId];
    if (forced) return forcedFailure(forced, options.failureMessage);

    const caller = world.session();
    if (accessCell(op.access, caller) === 'no') {
      return caller ? mockFailure(403, ACCESS[op.access].forbidden) : mockFailure(401, AUTH_MESSAGES.notAuthenticated);
    }

    const request_ = op.request as { params?: unknown; query?: unknown; body?: { content?: Record<string, { schema?: unknown }> } } | undefined;
    const input: Record<'params' | 'query' | 'body', unknown> = { params: {}, query: {}, body: undefined };

    const paramsSchema = schemaAt(request_?.params);
    if (paramsSchema) {
      const parsed = paramsSchema.safeParse(params);
      if (!parsed.success) {
        return options.invalidParams ? mockFailure(options.invalidParams.status, options.invalidParams.message) : validationFailure(parsed.error.issues);
      }
      input.params = parsed.data;
    }
    const querySchema = schemaAt(request_?.query);
    if (querySchema) {
      const parsed = querySchema.safeParse(queryOf(request));
      if (!parsed.success) return validationFailure(parsed.error.issues);
      input.query = parsed.data;
    }
    const bodySchema = options.body ?? schemaAt(request_?.body?.content?.['application/json']?.schema);
    if (bodySchema) {
      const parsed = bodySchema.safeParse(await readJson(request));
      if (!parsed.success) return validationFailure(parsed.error.issues);
      input.body = parsed.data;
    }

    const reply = await handle({ caller, request, ...input } as MockCall<O, U>);
    if (reply instanceof Response) return reply;
    const { status, body } = reply as { status: number; body: unknown };
    const schema = jsonSchemaOf(op, status);
    if (!schema) throw new Error(`${op.operationId} has no JSON answer with status ${status}`);
    return HttpResponse.json(schema.parse(body) as Parameters<typeof HttpResponse.json>[0], { status });
  });
}
