import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as schemas from './index.ts';

// The API generates its OpenAPI document from these schemas (DESIGN §4), so each must convert.
describe('JSON Schema conversion', () => {
  const exported: [string, unknown][] = Object.entries(schemas);
  const named: [string, z.ZodType][] = [];
  for (const [name, value] of exported) if (value instanceof z.ZodType) named.push([name, value]);
  const lists: [string, z.ZodType][] = Object.entries(schemas.adminListQuery).map(([resource, schema]) => [
    `adminListQuery.${resource}`,
    schema,
  ]);

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
