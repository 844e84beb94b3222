import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the test database (reached on its Unix socket or its port), for a real blip on the wire: the MongoDB driver of a
 * client made with `uri` talks to the database through it, and the test cuts it.
 *
 * - `cutNextWriteTo(collection)`: the next request from the client that names the collection (its
 *   BSON holds the name) never reaches the database; its connection is closed, as when a database
 *   restarts under a write. Then, for `downMs`, new connections are closed at once.
 * - `down()` / `up()`: every connection closed and refused until `up()`.
 */
/** Where a `mongodb://` URI's one server is, for `net.connect`: a Unix socket's path (written percent-encoded) or a host and port. */
export function connectTargetOf(uri: string): { path: string } | { host: string; port: number } {
  const authority = uri.replace(/^mongodb:\/\//, '').split(/[/?]/)[0]!;
  if (authority.startsWith('%2F')) return { path: decodeURIComponent(authority) };
  const url = new URL(uri.replace(/^mongodb:/, 'http:'));
  return { host: url.hostname, port: Number(url.port || 27017) };
}

export class DbProxy {
  readonly #server: Server;
  /** The database: a Unix socket's path (the embedded server) or a host and port. */
  readonly #target: { path: string } | { host: string; port: number };
  readonly #sockets = new Set<Socket>();
  #down = false;
  #cut: { needle: Buffer; downMs: number; done: () => void } | null = null;
  port = 0;
  /** Requests cut so far. */
  cuts = 0;

  constructor(targetUri: string) {
    this.#target = connectTargetOf(targetUri);
    this.#server = createServer((client) => this.#accept(client));
  }

  #accept(client: Socket): void {
    if (this.#down) {
      client.destroy();
      return;
    }
    const upstream = connect(this.#target);
    this.#sockets.add(client);
    this.#sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.#sockets.delete(client);
      this.#sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      const cut = this.#cut;
      if (this.#down || (cut && chunk.includes(cut.needle))) {
        if (cut && !this.#down) {
          this.#cut = null;
          this.cuts += 1;
          this.#down = true;
          setTimeout(() => {
            this.#down = false;
            cut.done();
          }, cut.downMs).unref();
        }
        close();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  /** The database's URI through the proxy (one server, no discovery past it). */
  get uri(): string {
    return `mongodb://127.0.0.1:${this.port}/?directConnection=true`;
  }

  /** Cuts the next request naming `collection`; resolves once the proxy lets connections through again. */
  cutNextWriteTo(collection: string, downMs: number): Promise<void> {
    return new Promise((done) => {
      this.#cut = { needle: Buffer.from(`${collection}\0`), downMs, done };
    });
  }

  down(): void {
    this.#down = true;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
  }

  up(): void {
    this.#down = false;
  }

  async close(): Promise<void> {
    this.down();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
