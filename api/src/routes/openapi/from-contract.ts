import type { z } from 'zod';
import { ACCESS, type OperationConfig } from '@bh/shared/contract';
import type { Auth, HttpMethod, Operation, ResponseSpec } from './operations.ts';

type ContentMap = Record<string, { schema?: unknown }>;
type Reply = { description: string; content?: ContentMap };
type Request = { params?: z.ZodType; query?: z.ZodType; body?: { content?: ContentMap } };

/**
 * Operations already defined once in `shared/src/contract/` as entries of this document, until
 * the document itself is produced from the definitions (issue 16): nothing is written twice.
 * 400/401/403 are left to the document, which adds them from the inputs and the access rule.
 */
export function fromContract(ops: Record<string, OperationConfig>): Operation[] {
  return Object.values(ops).map((op) => {
    const { anon: _anon, ...signedIn } = ACCESS[op.access].cells;
    const auth: Auth = op.access === 'public' ? 'public' : Object.values(signedIn).includes('no') ? 'role' : 'session';
    const request = (op.request ?? {}) as Request;
    const responses: Record<number, ResponseSpec> = {};
    for (const [status, reply] of Object.entries(op.responses as Record<string, Reply>)) {
      if (['400', '401', '403'].includes(status)) continue;
      const schema = reply.content?.['application/json']?.schema as z.ZodType | undefined;
      responses[Number(status)] = { description: reply.description, ...(schema ? { schema } : {}) };
    }
    const body = request.body?.content?.['application/json']?.schema as z.ZodType | undefined;
    return {
      method: op.method as HttpMethod,
      path: op.path,
      tag: op.tags[0],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      access: ACCESS[op.access].label,
      auth,
      ...(request.params ? { params: request.params } : {}),
      ...(request.query ? { query: request.query } : {}),
      ...(body ? { body } : {}),
      responses,
    };
  });
}
