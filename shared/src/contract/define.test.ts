import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { errorResponseSchema } from '../schemas/common.ts';
import { createApiClient, type CallInput, type CallResult } from './client.ts';
import { declares, declaredStatuses, jsonReply, operations, ownErrorStatuses, refusals, RULES, type ErrorStatusOf } from './define.ts';

const op = operations('Example');
const itemParam = z.object({ itemId: z.string() });
const renameBody = z.object({ name: z.string().min(1) });
const itemResponse = z.object({ success: z.literal(true), item: z.object({ id: z.string(), name: z.string() }) });

const rename = op('PUT /items/{itemId}/name', 'itemRename', { access: 'verifiedAdmin', summary: 'Rename an item', params: itemParam, body: renameBody,
  description: 'Only the name changes.',
  responses: { 200: jsonReply('Renamed.', itemResponse), 404: 'No such item.' } });
const send = op('POST /items/send', 'itemSend', { access: 'public', summary: 'Send an item', body: renameBody, responses: { 200: jsonReply('Sent.', itemResponse) } });
const list = op('GET /items', 'itemList', { access: 'public', summary: 'Every item', responses: { 200: jsonReply('The items.', z.array(itemResponse)) } });

describe('an area\'s op(route, operationId, spec)', () => {
  it('is the RouteConfig written out in full: method, path, tag, a required JSON body, the error envelope for a text', () => {
    expect(rename).toMatchObject({ operationId: 'itemRename', method: 'put', path: '/items/{itemId}/name', tags: ['Example'], summary: 'Rename an item', access: 'verifiedAdmin' });
    expect(rename.description).toBe('Only the name changes.');
    expect(rename.request.params).toBe(itemParam);
    expect(rename.request.body).toEqual({ required: true, content: { 'application/json': { schema: renameBody } } });
    expect(rename.responses[200].content['application/json'].schema).toBe(itemResponse);
    expect(rename.responses[404]).toEqual({ description: 'No such item.', content: { 'application/json': { schema: errorResponseSchema } } });
  });

  it('adds the shared errors from the input and the access rule, and no request or description when there is none', () => {
    expect(Object.keys(rename.responses)).toEqual(['200', '400', '401', '403', '404', '413', '415', '503', '507']);
    expect(Object.keys(list.responses)).toEqual(['200', '503', '507']);
    // Anyone may call it, but a call that changes something is refused when it comes from another site.
    expect(declaredStatuses(send)).toEqual([200, 400, 403, 413, 415, 503, 507]);
    expect(send.responses[403].description).toMatch(/own origin/);
    expect(declares(send, 403)).toBe(true);
    expect(declares(list, 400)).toBe(false);
    expect('request' in list).toBe(false);
    expect('description' in list).toBe(false);
  });

  it('tells the errors an operation declares itself from those its categories add', () => {
    expect(ownErrorStatuses(rename)).toEqual([404]);
    expect(ownErrorStatuses(send)).toEqual([]);
    const signUp = op('POST /items/sign-up', 'itemSignUp', { access: 'public', summary: 'Sign up', body: renameBody,
      responses: { 201: jsonReply('Signed up.', itemResponse), 400: refusals(RULES.email, RULES.password) } });
    expect(ownErrorStatuses(signUp)).toEqual([400]);
    expect(signUp.responses[400].description).toMatch(/^The request does not match the contract.* Also refused, though the schema allows it: an email address .*; a new password on the list of common passwords/);
  });

  it('keeps the types precise for the client and the router', () => {
    expectTypeOf(rename.method).toEqualTypeOf<'put'>();
    expectTypeOf(rename.path).toEqualTypeOf<'/items/{itemId}/name'>();
    expectTypeOf(rename.access).toEqualTypeOf<'verifiedAdmin'>();
    expectTypeOf<CallInput<typeof rename>['params']>().toEqualTypeOf<{ itemId: string }>();
    expectTypeOf<CallInput<typeof rename>['body']>().toEqualTypeOf<{ name: string }>();
    expectTypeOf<CallResult<typeof rename>>().toEqualTypeOf<z.output<typeof itemResponse>>();
    expectTypeOf<keyof typeof rename.responses>().toEqualTypeOf<200 | 400 | 401 | 403 | 404 | 413 | 415 | 503 | 507>();
    expectTypeOf<ErrorStatusOf<typeof rename>>().toEqualTypeOf<400 | 401 | 403 | 404 | 413 | 415 | 503 | 507>();
    expectTypeOf<keyof typeof send.responses>().toEqualTypeOf<200 | 400 | 403 | 413 | 415 | 503 | 507>();
    expectTypeOf(list).not.toHaveProperty('request');
  });
});

describe('createApiClient().read', () => {
  const client = createApiClient({ toError: (failure) => Object.assign(new Error(failure.message), { failure }) });
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('parses a 2xx answer with the operation\'s schema', async () => {
    await expect(client.read(rename, answer(200, { success: true, item: { id: '1', name: 'New' }, extra: 1 }))).resolves.toEqual({ success: true, item: { id: '1', name: 'New' } });
  });

  it('throws the server\'s envelope for an error and a parse failure for an answer off the contract', async () => {
    await expect(client.read(rename, answer(404, { success: false, message: 'No such item.' }))).rejects.toMatchObject({
      message: 'No such item.',
      failure: { kind: 'http', status: 404, body: { success: false, message: 'No such item.' } },
    });
    await expect(client.read(rename, answer(200, { success: true }))).rejects.toMatchObject({ failure: { kind: 'parse', status: 200, body: null } });
  });
});
