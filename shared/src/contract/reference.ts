import { z } from 'zod';
import { jsonReply, operations } from './define.ts';

const op = operations('Reference');

/** The OpenAPI 3.1 document: its own shape is OpenAPI's, checked here only at the top. */
export const openApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string() }), paths: z.record(z.string(), z.unknown()) });

export const reference = {
  openapi: op('GET /openapi.json', 'openapiDocument', { access: 'public', summary: 'This OpenAPI document',
    description: 'Generated from the operations defined in `shared/src/contract`. A readable reference is served at `/api/docs`.',
    responses: { 200: jsonReply('OpenAPI 3.1.', openApiDocumentSchema) } }),
};
