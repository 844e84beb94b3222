import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen, type ListenOptions } from '../src/web/connections.ts';

/** An app served by the product's own server, asked over a real connection. */
export interface Served {
  /** Where it listens: `http://127.0.0.1:<port>`. */
  url: string;
  /** Like Hono's `app.request(path, init)`, but through the server: what a client receives, byte for byte. */
  request(path: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Serves an app through `listen` (connections.ts), which adds the security headers, the request id
 * and Vary to every response, on a free port. Asked with node:http rather than fetch, which would
 * ask for compression on its own and undo it before the test sees the body.
 */
export async function served(app: { fetch: Parameters<typeof listen>[0] }, options: Pick<ListenOptions, 'trustProxy'> = {}): Promise<Served> {
  const server = await listen(app.fetch, { port: 0, hostname: '127.0.0.1', bodyTimeoutMs: 10_000, ...options });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    request: (path, init = {}) =>
      new Promise<Response>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers ?? {}, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one);
            }
            const status = res.statusCode ?? 500;
            const body = status === 204 || status === 304 || init.method === 'HEAD' ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers }));
          });
        });
        req.on('error', reject);
        req.end(init.body);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
