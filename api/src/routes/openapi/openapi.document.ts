import type { OpenAPIHono } from '@hono/zod-openapi';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { errorResponseSchema } from '@bh/shared';
import { API_BASE } from '@bh/shared/contract';
import type { AppEnv } from '../../lib/types.ts';

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
  description?: string;
  'x-access': string;
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: true; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: {
    securitySchemes: Record<string, { type: 'apiKey'; in: 'cookie'; name: string; description: string }>;
    schemas: Record<string, JsonSchema>;
  };
}

export const TAGS = [
  { name: 'Health', description: 'Liveness of the API and its database.' },
  { name: 'User', description: 'Sign-in, sessions, profile and account creation (spec §7 "User service").' },
  { name: 'Meeting', description: 'Online sessions between a client and a BH Associate (spec §7 "Meeting service").' },
  {
    name: 'Booking',
    description:
      'Changing a booking (issue 18): cancelling and rescheduling under the shared booking policy, requests an admin decides, attendance, free slots, associates\' weekly hours and the refunds due.',
  },
  { name: 'Registration', description: 'BH Associate verification applications and their review (spec §7 "Registration service").' },
  { name: 'Payments', description: 'Services, payment links and coupons (spec §7 "Payments service").' },
  {
    name: 'Account links',
    description:
      'Invitations and password resets by one-time emailed links (DESIGN §3): tokens are stored hashed and work once; 72 hours for an invitation, 30 minutes for a reset.',
  },
  { name: 'Uploads', description: 'Private documents for applications (DESIGN §4): checked by their bytes, at most 10 MB, served only to their owner and verified admins.' },
  {
    name: 'Privacy',
    description:
      'The privacy centre (DPDP Act 2023, Rules 2025; DESIGN §8): each person\'s own notice and consents, devices, archive, requests, nominee and access log; the verified admins\' queue of requests.',
  },
  {
    name: 'Admin grids',
    description:
      'react-admin resources in ra-data-simple-rest conventions: `sort=["field","ASC"]`, `range=[0,24]` (inclusive, at most 100 records) and `filter={...}`, each JSON in a query parameter; the total comes in the `Content-Range` header, e.g. `meetings 0-24/319`. Verified admins only.',
  },
  { name: 'Reference', description: 'This document.' },
] as const;

const INFO = {
  title: 'Better Health API',
  version: '1.0.0',
  description:
    "The /api/v1 contract of Better Health. JSON bodies, cookie sessions (send credentials), and one error shape: `{ success: false, message, errors?: [{ path, message }] }`. Unsafe methods must come from the same origin (Origin or Sec-Fetch-Site). Validation messages are the product's own texts.",
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/**
 * The OpenAPI 3.1 document of /api/v1, produced by @hono/zod-openapi from the operations the app
 * mounts (each one a definition of `@bh/shared/contract`), plus what a document needs beside its
 * paths: the tags, the session cookie scheme and the error shape, which every error answer names
 * by reference.
 */
export function contractDocument(app: OpenAPIHono<AppEnv>): OpenApiDocument {
  const generated = app.getOpenAPI31Document({ openapi: '3.1.0', info: INFO, servers: [{ url: API_BASE }], tags: [...TAGS] });
  const document = generated as unknown as OpenApiDocument;
  const errorSchema = (generated.components?.schemas?.Error as JsonSchema | undefined) ?? inlineErrorSchema(document);
  for (const methods of Object.values(document.paths)) {
    for (const op of Object.values(methods)) {
      for (const response of Object.values(op?.responses ?? {})) {
        const json = response.content?.['application/json'];
        if (json && isDeepStrictEqual(json.schema, errorSchema)) json.schema = ERROR_REF;
      }
    }
  }
  document.components = {
    ...document.components,
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'bh_session', description: 'Set by POST /user/login; HttpOnly.' },
    },
    schemas: { ...document.components?.schemas, Error: errorSchema },
  };
  return document;
}

/** The error envelope as the generator writes it inline (every guarded call has a 401 with it). */
function inlineErrorSchema(document: OpenApiDocument): JsonSchema {
  for (const methods of Object.values(document.paths)) {
    for (const op of Object.values(methods)) {
      const schema = op?.responses['401']?.content?.['application/json']?.schema;
      if (schema) return schema;
    }
  }
  const { $schema: _dialect, ...rest } = z.toJSONSchema(errorResponseSchema, { io: 'output', target: 'draft-2020-12' });
  return rest;
}
