import { z } from 'zod';
import { errorResponseSchema } from '@bh/shared';
import { OPERATIONS, TAGS, type Operation, type ResponseSpec } from './operations.ts';

export type JsonSchema = z.core.JSONSchema.JSONSchema;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  'x-access': string;
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: true; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<Operation['method'], OpenApiOperation>>>;
  components: {
    securitySchemes: Record<string, { type: 'apiKey'; in: 'cookie'; name: string; description: string }>;
    schemas: Record<string, JsonSchema>;
  };
}

const ERROR_REF: JsonSchema = { $ref: '#/components/schemas/Error' };

/** JSON Schema (2020-12, as OpenAPI 3.1 uses) of a shared zod schema, as a request or a response. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
}

function objectProperties(schema: z.ZodType): { properties: Record<string, JsonSchema>; required: string[] } {
  const json = jsonSchemaOf(schema, 'input');
  const properties: Record<string, JsonSchema> = {};
  for (const [name, value] of Object.entries(json.properties ?? {})) properties[name] = typeof value === 'boolean' ? {} : value;
  return { properties, required: json.required ?? [] };
}

function parametersOf(op: Operation): OpenApiParameter[] {
  const parameters: OpenApiParameter[] = [];
  const pathNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const pathSchemas = op.params ? objectProperties(op.params).properties : {};
  for (const name of pathNames) {
    const schema = pathSchemas[name] ?? { type: 'string' };
    const { description, ...rest } = schema;
    parameters.push({ name, in: 'path', required: true, schema: rest, ...(typeof description === 'string' ? { description } : {}) });
  }
  if (op.query) {
    const { properties, required } = objectProperties(op.query);
    for (const [name, schema] of Object.entries(properties)) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: 'query',
        required: required.includes(name) && rest.default === undefined,
        schema: rest,
        ...(typeof description === 'string' ? { description } : {}),
      });
    }
  }
  return parameters;
}

function errorResponse(description: string): OpenApiResponse {
  return { description, content: { 'application/json': { schema: ERROR_REF } } };
}

function responseOf(spec: ResponseSpec, status: number): OpenApiResponse {
  const response: OpenApiResponse = { description: spec.description };
  if (spec.headers) {
    response.headers = Object.fromEntries(
      Object.entries(spec.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
    );
  }
  if (spec.schema) response.content = { 'application/json': { schema: jsonSchemaOf(spec.schema, 'output') } };
  else if (spec.content) {
    response.content = Object.fromEntries(
      Object.entries(spec.content).map(([type]) => [type, { schema: { type: 'string', contentMediaType: type } }]),
    );
  } else if (status >= 400) response.content = { 'application/json': { schema: ERROR_REF } };
  return response;
}

function operationOf(op: Operation): OpenApiOperation {
  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, spec] of Object.entries(op.responses)) responses[status] = responseOf(spec, Number(status));
  const hasInput = op.params !== undefined || op.query !== undefined || op.body !== undefined || op.multipart !== undefined;
  if (hasInput) responses['400'] ??= errorResponse('Validation failed: `message` is the first problem, `errors` lists each with its path.');
  if (op.auth !== 'public') responses['401'] ??= errorResponse('No session (sign in first).');
  if (op.auth === 'role') responses['403'] ??= errorResponse('The account\'s role or verification status does not allow this call.');
  if (op.method !== 'get') {
    responses['415'] ??= errorResponse(op.multipart ? 'The body is not multipart/form-data.' : 'The body is not application/json.');
  }
  responses['503'] ??= errorResponse('The database is unavailable; retry shortly.');

  const parameters = parametersOf(op);
  const operation: OpenApiOperation = {
    operationId: `${op.method}${op.path.replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, `**Who may call:** ${op.access}`].filter(Boolean).join('\n\n'),
    'x-access': op.access,
    security: op.auth === 'public' ? [] : [{ sessionCookie: [] }],
    responses,
  };
  if (parameters.length > 0) operation.parameters = parameters;
  if (op.body) operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(op.body, 'input') } } };
  if (op.multipart) {
    const form = jsonSchemaOf(op.multipart, 'input');
    const file: JsonSchema = { type: 'string', contentMediaType: 'application/octet-stream', description: describeOf(form.properties?.file) };
    const properties = { ...form.properties, file };
    operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: { ...form, properties } } } };
  }
  return operation;
}

function describeOf(schema: JsonSchema | boolean | undefined): string {
  return typeof schema === 'object' && typeof schema.description === 'string' ? schema.description : '';
}

/** The OpenAPI 3.1 document of /api/v1, built from the operation list and the shared schemas. */
export function buildOpenApiDocument(operations: readonly Operation[] = OPERATIONS): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const op of operations) {
    const entry = (paths[op.path] ??= {});
    entry[op.method] = operationOf(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Better Health API',
      version: '1.0.0',
      description:
        'The /api/v1 contract of Better Health. JSON bodies, cookie sessions (send credentials), and one error shape: `{ success: false, message, errors?: [{ path, message }] }`. Unsafe methods must come from the same origin (Origin or Sec-Fetch-Site). Validation messages are the product\'s own texts.',
    },
    servers: [{ url: '/api/v1' }],
    tags: TAGS.map((t) => ({ name: t.name, description: t.description })),
    paths,
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'bh_session', description: 'Set by POST /user/login; HttpOnly.' },
      },
      schemas: { Error: jsonSchemaOf(errorResponseSchema, 'output') },
    },
  };
}

let cached: { document: OpenApiDocument; json: string } | null = null;

/** Built once per process: the schemas do not change while it runs. */
export function openApiDocument(): { document: OpenApiDocument; json: string } {
  if (!cached) {
    const document = buildOpenApiDocument();
    cached = { document, json: JSON.stringify(document) };
  }
  return cached;
}
