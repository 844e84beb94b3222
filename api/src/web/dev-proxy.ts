import type { IncomingMessage, Server } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * `pnpm dev`: one origin in front of the dev servers. The portal's Vite server runs with the base
 * PORTAL_DEV_BASE so its modules and HMR socket never collide with Astro's, which own the rest.
 */
export interface DevProxy {
  portalPort: number;
  sitePort: number;
}

export const PORTAL_DEV_BASE = '/portal-dev/';

const DEV_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: http://127.0.0.1:* http://localhost:*",
  "frame-ancestors 'none'",
].join('; ');

function targetPort(path: string, proxy: DevProxy, portalRoute: boolean): { port: number; path: string } {
  if (path.startsWith(PORTAL_DEV_BASE)) return { port: proxy.portalPort, path };
  // A portal page is the Vite server's index.html; the router reads the real path in the browser.
  if (portalRoute) return { port: proxy.portalPort, path: PORTAL_DEV_BASE };
  return { port: proxy.sitePort, path };
}

export async function forwardToDevServer(req: Request, proxy: DevProxy, portalRoute: boolean): Promise<Response> {
  const url = new URL(req.url);
  const target = targetPort(url.pathname, proxy, portalRoute);
  const headers = new Headers(req.headers);
  headers.delete('accept-encoding');
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, redirect: 'manual' };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = req.body;
    init.duplex = 'half';
  }
  try {
    const res = await fetch(`http://127.0.0.1:${target.port}${target.path}${portalRoute ? '' : url.search}`, init);
    const out = new Headers(res.headers);
    out.delete('content-encoding');
    out.delete('content-length');
    // Dev servers inject inline module scripts and talk to their HMR sockets: a development-only
    // policy (the built product gets the strict one from web-app.ts).
    out.set('Content-Security-Policy', DEV_CSP);
    return new Response(res.body, { status: res.status, headers: out });
  } catch {
    return new Response(`Dev server on port ${target.port} is not up yet; retrying shortly.`, { status: 502 });
  }
}

/** HMR websockets: pipe the upgrade straight to the dev server that owns the path. */
export function proxyUpgrades(server: Server | Http2Server | Http2SecureServer, proxy: DevProxy): void {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = req.url ?? '/';
    const port = path.startsWith(PORTAL_DEV_BASE) ? proxy.portalPort : proxy.sitePort;
    const upstream = connect(port, '127.0.0.1', () => {
      const lines = [`${req.method} ${path} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', close);
    socket.on('error', close);
  });
}
