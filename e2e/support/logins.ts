import { afterAll, beforeAll } from 'vitest';
import { api as ops } from '@bh/shared/contract';
import { ApiClient } from './api.ts';
import { startProductServer, type ProductServer } from './server.ts';

/**
 * The login tests' server: the product behind a proxy it trusts, so X-Forwarded-For names each
 * caller's address and one test can log in from as many addresses as it needs. Started before the
 * file's tests and stopped after them; the returned function gives the running server.
 */
export function serverBehindProxy(): () => ProductServer {
  let server: ProductServer | undefined;
  beforeAll(async () => {
    server = await startProductServer({ entry: 'api/src/server.ts', env: { TRUST_PROXY: 'true', LOG_LEVEL: 'error' } });
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('The server has not started');
    return server;
  };
}

/** A login with these credentials from `address`, as the proxy reports it. */
export function loginFrom(server: ProductServer, address: string, credentials: { email: string; password: string }): Promise<Response> {
  return fetch(new ApiClient(server.baseUrl).url(ops.user.login), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, 'x-forwarded-for': address },
    body: JSON.stringify(credentials),
  });
}
