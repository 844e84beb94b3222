import type { ServerType } from '@hono/node-server';
import { Agent, request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { HEADERS_TIMEOUT_MS, listen, REQUEST_TIMEOUT_MS } from './connections.ts';
import { createWebApp } from './web-app.ts';

/** Lowered from the default (10 s) so a stalled body is cut within the test's time. */
const BODY_TIMEOUT_MS = 1_000;

let ctx: TestContext;
let server: ServerType;
let port: number;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const root = mkdtempSync(join(tmpdir(), 'bh-conn-'));
  const app = createWebApp(ctx.deps, { siteDir: join(root, 'site'), portalDir: join(root, 'portal') });
  server = await listen(app.fetch, { port: 0, hostname: '127.0.0.1', bodyTimeoutMs: BODY_TIMEOUT_MS });
  port = (server.address() as AddressInfo).port;
  ({ cookie } = await ctx.signedIn('doctor', 'not_submitted'));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw connection that records everything the server sends and how the connection ended. */
function open(): Promise<{ socket: Socket; received: () => string; ended: Promise<'end' | 'reset'>; nextResponse: () => Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      let data = '';
      let taken = 0;
      const ended = new Promise<'end' | 'reset'>((done) => {
        socket.on('end', () => done('end'));
        socket.on('error', () => done('reset'));
        socket.on('close', () => done('end'));
      });
      socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
      /** Resolves with the next complete response (headers and a Content-Length body). */
      const nextResponse = async () => {
        const deadline = Date.now() + 5_000;
        for (;;) {
          const rest = data.slice(taken);
          const headEnd = rest.indexOf('\r\n\r\n');
          if (headEnd >= 0) {
            const length = Number(/\r\ncontent-length: (\d+)/i.exec(rest.slice(0, headEnd))?.[1] ?? 0);
            if (rest.length >= headEnd + 4 + length) {
              taken += headEnd + 4 + length;
              return rest.slice(0, headEnd + 4 + length);
            }
          }
          if (Date.now() > deadline || socket.destroyed) throw new Error(`no complete response; received: ${rest.slice(0, 300)}`);
          await sleep(20);
        }
      };
      resolve({ socket, received: () => data, ended, nextResponse });
    });
    socket.once('error', reject);
  });
}

const header = (response: string, name: string) => new RegExp(`\\r\\n${name}: ([^\\r]*)`, 'i').exec(response)?.[1]?.toLowerCase();

describe('a response sent before its request body arrived', () => {
  // A slow client sends the rest of its body a second after the answer, then its next request.
  // The connection must either be kept (and the next request answered on it) or be closed cleanly
  // after a complete answer that said `Connection: close`, so the client knows to reconnect.
  const cases = [
    {
      name: 'a JSON body over 256 KB (413)',
      start: (total: number) => `POST /api/v1/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`,
      total: 300 * 1024,
      status: 413,
    },
    {
      name: 'an upload declared over 10 MB (413)',
      start: (total: number) => `POST /api/v1/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${total}\r\n\r\n`,
      total: 11 * 1024 * 1024,
      status: 413,
    },
    {
      name: 'an anonymous upload (401)',
      start: (total: number) => `POST /api/v1/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${total}\r\n\r\n`,
      total: 200 * 1024,
      status: 401,
    },
  ];

  for (const c of cases) {
    it(`${c.name}: the next request is answered on the connection, or the client is told to reconnect and the connection closes cleanly`, async () => {
      const conn = await open();
      conn.socket.write(c.start(c.total) + '{'.padEnd(64 * 1024, ' '));
      const first = await conn.nextResponse();
      expect(first.split('\r\n')[0]).toBe(`HTTP/1.1 ${c.status} ${c.status === 413 ? 'Payload Too Large' : 'Unauthorized'}`);
      expect(JSON.parse(first.slice(first.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false });
      await sleep(1_000);
      if (header(first, 'connection') === 'close') {
        // Closed after the complete answer: a clean end, never a reset.
        expect(await Promise.race([conn.ended, sleep(3_000).then(() => 'still open')])).toBe('end');
        const again = await open();
        again.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        expect((await again.nextResponse()).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
        again.socket.destroy();
      } else {
        // Kept: the rest of the body, then the next request on the same connection.
        conn.socket.write(' '.repeat(c.total - 64 * 1024));
        conn.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        expect((await conn.nextResponse()).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      }
      conn.socket.destroy();
    });
  }
});

describe('a kept-alive client after a 413', () => {
  it('gets its next request answered, fifteen times over', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, method, agent, headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {} }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const tooLarge = JSON.stringify({ email: 'x@test.betterhealth.in', password: 'p'.repeat(300 * 1024) });
    try {
      for (let round = 0; round < 15; round += 1) {
        expect(await send('POST', '/api/v1/user/login', tooLarge)).toEqual({ status: 413, connection: 'close' });
        expect((await send('GET', '/api/v1/health')).status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });
});

describe('slow request bodies', () => {
  it('bounds header and request times', () => {
    const http = server as import('node:http').Server;
    expect(http.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(http.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('cuts a signed-in upload that trickles a byte at a time with 408 within two body timeouts', async () => {
    const conn = await open();
    const started = Date.now();
    conn.socket.write(`POST /api/v1/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x\r\n`);
    const trickle = setInterval(() => {
      if (!conn.socket.destroyed && conn.socket.writable) conn.socket.write('a');
    }, 200);
    try {
      const how = await Promise.race([conn.ended, sleep(6_000).then(() => 'still open')]);
      expect(how).not.toBe('still open');
      expect(Date.now() - started).toBeLessThan(2 * BODY_TIMEOUT_MS + 1_500);
      expect(conn.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    } finally {
      clearInterval(trickle);
      conn.socket.destroy();
    }
    // Nothing of the cut upload is kept.
    expect(await ctx.deps.cols.uploadFiles.countDocuments({})).toBe(0);
  });

  it('lets a slow but steady body through (1 KiB or more per interval)', async () => {
    const conn = await open();
    const body = '{"email":"slow@test.betterhealth.in","password":"' + 'p'.repeat(6_000) + '"}';
    conn.socket.write(`POST /api/v1/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    // 1.5 KiB every half interval: slow, but always moving. Three intervals in all.
    for (let sent = 0; sent < body.length; sent += 1_536) {
      conn.socket.write(body.slice(sent, sent + 1_536));
      await sleep(BODY_TIMEOUT_MS / 2);
    }
    const answer = await conn.nextResponse();
    expect(answer.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 (400|401)/);
    conn.socket.destroy();
  });
});

describe('an address already in use', () => {
  it('rejects with what to do instead of crashing on an unhandled error', async () => {
    const failing = listen(() => new Response('second'), { port, hostname: '127.0.0.1', bodyTimeoutMs: BODY_TIMEOUT_MS });
    await expect(failing).rejects.toMatchObject({ name: 'AddressInUseError', message: `127.0.0.1:${port} is already in use by another program. Stop that program, or set PORT to a free port (PORT=0 picks one).` });
    // The first server still answers.
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(res.status).toBeLessThan(500);
  });
});

describe('the headers every response leaves with', () => {
  /** Each header line of a raw response, by lowercase name (a name sent twice has two values). */
  const headerLines = (response: string) => {
    const lines = new Map<string, string[]>();
    for (const line of response.slice(0, response.indexOf('\r\n\r\n')).split('\r\n').slice(1)) {
      const at = line.indexOf(':');
      const name = line.slice(0, at).toLowerCase();
      lines.set(name, [...(lines.get(name) ?? []), line.slice(at + 1).trim()]);
    }
    return lines;
  };

  it('sends each security header once, with the answer’s own policy in place of the default', async () => {
    const answers = await Promise.all([
      // A handler's own record (one header), a page's policy set on the context, and a bare status.
      listen(() => new Response('{"a":1}', { headers: { 'Content-Type': 'application/json' } }), { port: 0, hostname: '127.0.0.1', bodyTimeoutMs: BODY_TIMEOUT_MS }),
      listen(() => new Response('<!doctype html><p>x</p>', { headers: { 'content-type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'self'", 'X-Extra': 'y' } }), { port: 0, hostname: '127.0.0.1', bodyTimeoutMs: BODY_TIMEOUT_MS }),
      listen(() => new Response(null, { status: 204 }), { port: 0, hostname: '127.0.0.1', bodyTimeoutMs: BODY_TIMEOUT_MS }),
    ]);
    try {
      const [json, page, empty] = await Promise.all(
        answers.map(async (s) => {
          const res = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/`);
          await res.arrayBuffer();
          return res.headers;
        }),
      );
      for (const headers of [json!, page!, empty!]) {
        expect(headers.get('x-content-type-options')).toBe('nosniff');
        expect(headers.get('x-frame-options')).toBe('DENY');
        expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(headers.get('vary')).toBe('Accept-Encoding');
        expect(headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        expect(headers.get('strict-transport-security')).toBeNull();
      }
      expect(json!.get('content-type')).toBe('application/json');
      expect(json!.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
      expect(json!.get('cross-origin-opener-policy')).toBeNull();
      // Headers#get joins repeated headers with ", ": one value means one header.
      expect(page!.get('content-security-policy')).toBe("default-src 'self'");
      expect(page!.get('x-extra')).toBe('y');
      expect(page!.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(page!.get('permissions-policy')).toContain('camera=()');
    } finally {
      await Promise.all(answers.map((s) => new Promise((resolve) => s.close(resolve))));
    }
  });

  it('writes no header twice on the wire', async () => {
    const conn = await open();
    conn.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const lines = headerLines(await conn.nextResponse());
    conn.socket.destroy();
    for (const [name, values] of lines) expect(values, name).toHaveLength(1);
    expect([...lines.keys()]).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'vary', 'x-request-id', 'content-type', 'content-length']));
  });

  it('keeps a plain X-Request-Id the client sent, and gives every other request an id of its own', async () => {
    const ask = (headers: Record<string, string>) => fetch(`http://127.0.0.1:${port}/api/v1/health/live`, { headers }).then((res) => res.headers.get('x-request-id'));
    expect(await ask({ 'x-request-id': 'lb-7f3a_2=' })).toBe('lb-7f3a_2=');
    const refused = await Promise.all([ask({ 'x-request-id': 'has spaces' }), ask({ 'x-request-id': 'x'.repeat(256) }), ask({ 'x-request-id': '<script>' })]);
    for (const id of refused) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const fresh = await Promise.all(Array.from({ length: 20 }, () => ask({})));
    expect(new Set(fresh).size).toBe(20);
  });

  it('adds HSTS only behind a trusted proxy that says https', async () => {
    const proxied = await listen(() => new Response('ok'), { port: 0, hostname: '127.0.0.1', bodyTimeoutMs: BODY_TIMEOUT_MS, trustProxy: true });
    try {
      const at = `http://127.0.0.1:${(proxied.address() as AddressInfo).port}/`;
      const hsts = (url: string, proto?: string) => fetch(url, proto ? { headers: { 'x-forwarded-proto': proto } } : {}).then((res) => res.headers.get('strict-transport-security'));
      expect(await hsts(at, 'https')).toBe('max-age=31536000; includeSubDomains');
      expect(await hsts(at, 'HTTPS, http')).toBe('max-age=31536000; includeSubDomains');
      expect(await hsts(at, 'http')).toBeNull();
      expect(await hsts(at)).toBeNull();
      // A server that trusts no proxy does not believe the header.
      expect(await hsts(`http://127.0.0.1:${port}/api/v1/health/live`, 'https')).toBeNull();
    } finally {
      await new Promise((resolve) => proxied.close(resolve));
    }
  });

  it('tells a kept-alive client to reconnect once the server is draining', async () => {
    let draining = false;
    const drained = await listen(() => new Response('ok'), { port: 0, hostname: '127.0.0.1', bodyTimeoutMs: BODY_TIMEOUT_MS, draining: () => draining });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ask = () =>
      new Promise<string | undefined>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: (drained.address() as AddressInfo).port, path: '/', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers.connection));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      expect(await ask()).toBe('keep-alive');
      draining = true;
      expect(await ask()).toBe('close');
    } finally {
      agent.destroy();
      await new Promise((resolve) => drained.close(resolve));
    }
  });
});
