import { serve, type ServerType } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, type Server } from 'node:http';
import { proxySaysHttps } from '../lib/network.ts';
import { DOCUMENT_HEADERS, HEADER_SETS } from './security-headers.ts';

/** Time a client has to send a request's headers (Node's default is a minute). */
export const HEADERS_TIMEOUT_MS = 20_000;
/** Time a client has to send a whole request, however steadily it sends (Node's default). */
export const REQUEST_TIMEOUT_MS = 300_000;
/** What a body must bring in every `bodyTimeoutMs` (or all that is left of it), or its connection is cut. */
export const MIN_BODY_BYTES = 1024;

/** Node's own answer to a request that took too long, written straight to the socket. */
const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/** A client's own `X-Request-Id` is kept when it is short and plain; any other gets a new one. */
const USABLE_REQUEST_ID = /^[\w\-=]{1,255}$/;

/** The request's id, said in `X-Request-Id` and in its log line (app.ts's requestLog). */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && USABLE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Whether a request carries a body at all: in HTTP/1.1 only one that declares it does (RFC 9112 §6.3). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The product's response class: every response leaves with the security headers (DESIGN §3), the
 * request's id and `Vary: Accept-Encoding`, merged into the headers it is written with. The sets are
 * built once for each scheme (security-headers.ts); a header the app gives wins over the default one
 * (a page's own Content-Security-Policy), and an HTML page also gets the document headers. Set here
 * rather than through Hono, whose `c.header()` builds a web `Headers` object on every response that
 * the adapter then turns back into Node's headers: that cost more than the rest of a small API call.
 *
 * It also says `Connection: close` when it leaves before its request's body has arrived (a 413, a
 * 401 to an upload): the unread rest of that body makes the connection useless for another request,
 * so the client is told to open a new one instead of being told to keep it and then losing it. Node
 * closes the connection once such a response is sent. The same once the server is draining
 * (`draining`), so that a client reusing a kept-alive connection does not hold the shutdown open.
 */
function productResponse(options: { trustProxy: boolean; draining?: () => boolean }) {
  const { trustProxy, draining } = options;
  return class ProductResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
    #requestId: string | undefined;

    /** This request's id, read or made once. */
    get requestId(): string {
      return (this.#requestId ??= requestIdOf(this.req));
    }

    override writeHead(statusCode: number, statusMessage?: string, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
    override writeHead(statusCode: number, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
    override writeHead(statusCode: number, ...rest: unknown[]): this {
      // Also once the server is shutting down: a client reusing one kept-alive connection is let go after its answer.
      if (!this.headersSent && ((!this.req.complete && hasBody(this.req)) || draining?.())) this.setHeader('Connection', 'close');
      const at = typeof rest[0] === 'string' ? 1 : 0;
      const given = rest[at];
      const defaults = RESPONSE_DEFAULTS[proxySaysHttps(this.req.headers['x-forwarded-proto'], trustProxy) ? 'https' : 'http'];
      const write = super.writeHead as (code: number, ...args: unknown[]) => this;
      if (given && typeof given === 'object' && !Array.isArray(given) && this.getHeaderNames().length === 0) {
        // The usual case: all headers in one record, nothing set before. One object, written as is.
        const merged: OutgoingHttpHeaders = { ...defaults, 'x-request-id': this.requestId };
        for (const name in given) merged[name.toLowerCase()] = (given as OutgoingHttpHeaders)[name];
        if (isHtml(merged['content-type'])) for (const name in DOCUMENT_DEFAULTS) merged[name] ??= DOCUMENT_DEFAULTS[name];
        rest[at] = merged;
        return write.call(this, statusCode, ...rest);
      }
      // Headers set one by one (or given as a list): the defaults go in first, so the app's replace them.
      const set = (name: string, value: string) => {
        if (!this.hasHeader(name)) this.setHeader(name, value);
      };
      const listed = new Set<string>();
      if (Array.isArray(given)) {
        const flat = given.flat() as unknown[];
        for (let i = 0; i < flat.length; i += 2) listed.add(String(flat[i]).toLowerCase());
      } else if (given && typeof given === 'object') {
        for (const name in given) listed.add(name.toLowerCase());
      }
      for (const name in defaults) if (!listed.has(name)) set(name, defaults[name]!);
      if (!listed.has('x-request-id')) set('x-request-id', this.requestId);
      return write.call(this, statusCode, ...rest);
    }
  };
}

const isHtml = (type: unknown) => typeof type === 'string' && type.startsWith('text/html');

const lowerCased = (pairs: readonly (readonly [string, string])[]): Record<string, string> => Object.fromEntries(pairs.map(([name, value]) => [name.toLowerCase(), value]));
const RESPONSE_DEFAULTS = {
  http: lowerCased([...HEADER_SETS.http, ['Vary', 'Accept-Encoding']]),
  https: lowerCased([...HEADER_SETS.https, ['Vary', 'Accept-Encoding']]),
};
const DOCUMENT_DEFAULTS = lowerCased(DOCUMENT_HEADERS);

/**
 * Cuts a request whose body stalls: in every `bodyTimeoutMs` it must bring at least
 * MIN_BODY_BYTES (or the rest of a shorter body). A body that trickles a byte every few seconds
 * would otherwise hold its connection, and an upload's work, for Node's five minutes. Time the
 * server itself spends not reading (its own back-pressure) is not held against the client.
 */
function watchBody(req: IncomingMessage, res: ServerResponse, bodyTimeoutMs: number): void {
  if (req.complete || !hasBody(req)) return;
  const socket = req.socket;
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  const start = socket.bytesRead;
  let seen = start;
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return stop();
    const read = socket.bytesRead - seen;
    seen = socket.bytesRead;
    if (socket.isPaused()) return;
    // At most what is left of a declared body (counted from the bytes since its headers).
    const left = Number.isFinite(declared) ? Math.max(1, declared - (seen - start)) : MIN_BODY_BYTES;
    if (read >= Math.min(MIN_BODY_BYTES, left)) return;
    stop();
    if (!res.headersSent && socket.writable) socket.end(REQUEST_TIMEOUT_ANSWER, () => socket.destroy());
    else socket.destroy();
  }, bodyTimeoutMs);
  timer.unref();
  const stop = () => clearInterval(timer);
  req.once('end', stop);
  res.once('close', stop);
}

export interface ListenOptions {
  port: number;
  hostname: string;
  /** See watchBody: the window in which a request body must make progress. */
  bodyTimeoutMs: number;
  /** Whether `X-Forwarded-Proto` from a proxy in front says the browser came over HTTPS (TRUST_PROXY; no when not said). */
  trustProxy?: boolean;
  /** True once the server is shutting down: every response from then on closes its connection. */
  draining?: () => boolean;
}

/** The address is taken by another program: said plainly, with what to do, instead of a stack trace. */
export class AddressInUseError extends Error {
  readonly code = 'EADDRINUSE';
  constructor(hostname: string, port: number) {
    super(`${hostname}:${port} is already in use by another program. Stop that program, or set PORT to a free port (PORT=0 picks one).`);
    this.name = 'AddressInUseError';
  }
}

/**
 * The one-origin HTTP server, with bounded header, request and body times. Rejects when the
 * server cannot listen (the address in use, or not this machine's).
 */
export function listen(fetch: (request: Request, env: never) => Response | Promise<Response>, options: ListenOptions): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: fetch as Parameters<typeof serve>[0]['fetch'],
        port: options.port,
        hostname: options.hostname,
        serverOptions: { ServerResponse: productResponse({ trustProxy: options.trustProxy ?? false, ...(options.draining ? { draining: options.draining } : {}) }), headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
      },
      () => {
        server.off('error', failed);
        resolve(server);
      },
    );
    const failed = (err: NodeJS.ErrnoException) => {
      server.close();
      reject(err.code === 'EADDRINUSE' ? new AddressInUseError(options.hostname, options.port) : err);
    };
    server.once('error', failed);
    (server as Server).on('request', (req: IncomingMessage, res: ServerResponse) => watchBody(req, res, options.bodyTimeoutMs));
  });
}
