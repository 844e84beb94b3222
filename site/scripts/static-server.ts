/**
 * A small static server for the built site, for measuring pages before (or without) the product
 * server. It mirrors what the product serves for the site: directory-style pages, gzip, the 404
 * page, and the unknown-plan page for payment paths that were not built.
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

async function readIfFile(path: string): Promise<Buffer | null> {
  try {
    if (!(await stat(path)).isFile()) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

async function resolveFile(root: string, urlPath: string): Promise<{ path: string; body: Buffer } | null> {
  const decoded = decodeURIComponent(urlPath);
  const candidates = decoded.endsWith('/') ? [`${decoded}index.html`] : [decoded, `${decoded}/index.html`];
  for (const candidate of candidates) {
    const full = normalize(join(root, candidate));
    if (full !== root && !full.startsWith(root + sep)) return null;
    const body = await readIfFile(full);
    if (body) return { path: full, body };
  }
  return null;
}

export async function startStaticServer(root: string, port = 0): Promise<{ server: Server; baseUrl: string }> {
  const base = normalize(root);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let status = 200;
    let found = await resolveFile(base, url.pathname).catch(() => null);
    if (!found) {
      status = 404;
      const fallback = /^\/make-payment\/[^/]+\/[^/]+\/?$/.test(url.pathname) ? '/make-payment/index.html' : '/404.html';
      found = await resolveFile(base, fallback);
    }
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const ext = extname(found.path);
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': url.pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    let body = found.body;
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && ext !== '.png') {
      body = gzipSync(body, { level: 9 });
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return { server, baseUrl: `http://127.0.0.1:${actualPort}` };
}
