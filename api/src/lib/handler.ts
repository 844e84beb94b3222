import type { OpenAPIHono } from '@hono/zod-openapi';
import type { OperationConfig } from '@bh/shared/contract';
import type { routeOf } from './contract.ts';
import type { AppEnv } from './types.ts';

declare const router: OpenAPIHono<AppEnv>;

/**
 * A route handler typed by its shared operation: the caller its access rule lets through, its
 * validated params, query and body, and the answers its definition declares. Route files name
 * each handler with it (`const listUsers: Handler<typeof api.admin.users> = async (c) => …`), so
 * an answer the operation does not declare fails the type check.
 */
export type Handler<O extends OperationConfig> = Parameters<typeof router.openapi<ReturnType<typeof routeOf<O>>>>[1];

/** A validation hook for one operation (what its route answers when a validator refuses the input). */
export type Hook<O extends OperationConfig> = Parameters<typeof router.openapi<ReturnType<typeof routeOf<O>>>>[2];
