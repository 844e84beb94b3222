import { serve, type ServerType } from '@hono/node-server';
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, type Server } from 'node:http';

/** Time a client has to send a request's headers (Node's default is a minute). */
export const HEADERS_TIMEOUT_MS = 20_000;
/** Time a client has to send a whole request, however steadily it sends (Node's default). */
export const REQUEST_TIMEOUT_MS = 300_000;
/** What a body must bring in every `bodyTimeoutMs` (or all that is left of it), or its connection is cut. */
export const MIN_BODY_BYTES = 1024;

/** Node's own answer to a request that took too long, written straight to the socket. */
const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * A response that says `Connection: close` when it leaves before its request's body has arrived
 * (a 413, a 401 to an upload): the unread rest of that body makes the connection useless for
 * another request, so the client is told to open a new one instead of being told to keep it and
 * then losing it. Node closes the connection once such a response is sent.
 */
class ClosingResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(statusCode: number, statusMessage?: string, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
  override writeHead(statusCode: number, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
  override writeHead(statusCode: number, ...rest: unknown[]): this {
    if (!this.req.complete && !this.headersSent) this.setHeader('Connection', 'close');
    return (super.writeHead as (code: number, ...args: unknown[]) => this)(statusCode, ...rest);
  }
}

/**
 * Cuts a request whose body stalls: in every `bodyTimeoutMs` it must bring at least
 * MIN_BODY_BYTES (or the rest of a shorter body). A body that trickles a byte every few seconds
 * would otherwise hold its connection, and an upload's work, for Node's five minutes. Time the
 * server itself spends not reading (its own back-pressure) is not held against the client.
 */
function watchBody(req: IncomingMessage, res: ServerResponse, bodyTimeoutMs: number): void {
  if (req.complete) return;
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
        serverOptions: { ServerResponse: ClosingResponse, headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
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
