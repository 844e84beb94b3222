import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as schemas from './index.ts';

// The API generates its OpenAPI document from these schemas (DESIGN §4), so each must convert.
describe('JSON Schema conversion', () => {
  const named = Object.entries(schemas).filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType);
  const lists = Object.entries(schemas.adminListQuery).map(([resource, schema]) => [`adminListQuery.${resource}`, schema] as const);

  it('finds the schemas to check', () => {
    expect(named.length).toBeGreaterThan(30);
  });

  it.each([...named, ...lists])('%s converts as a request body', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });

  it('keeps request bodies closed to unknown keys', () => {
    const body = z.toJSONSchema(schemas.createMeetingRequest, { io: 'input' });
    expect(body).toMatchObject({ type: 'object', additionalProperties: false });
  });
});
