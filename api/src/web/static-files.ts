import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.map']);

export interface StaticFile {
  body: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  type: string;
  etag: string;
  /** SHA-256 hashes of inline scripts, for the page's Content-Security-Policy. */
  scriptHashes: string[];
}

function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const m of html.matchAll(re)) {
    const attrs = m[1] ?? '';
    const code = m[2] ?? '';
    if (/\bsrc\s*=/.test(attrs) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attrs) || code.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Serves a built folder from memory: each file is read once, compressed once (brotli and gzip)
 * and kept, which suits a static site of a few hundred kilobytes.
 */
export class StaticFolder {
  readonly root: string;
  readonly #cache = new Map<string, Promise<StaticFile | null>>();
  readonly #cacheEnabled: boolean;

  constructor(root: string, options: { cache?: boolean } = {}) {
    this.root = normalize(root);
    this.#cacheEnabled = options.cache ?? true;
  }

  /** The file for a URL path, trying `x`, `x/index.html` and `x.html`; null when none exists. */
  async lookup(urlPath: string): Promise<StaticFile | null> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const candidates = decoded.endsWith('/')
      ? [`${decoded}index.html`]
      : [decoded, `${decoded}/index.html`, `${decoded}.html`];
    for (const candidate of candidates) {
      const file = await this.#load(candidate);
      if (file) return file;
    }
    return null;
  }

  #load(relative: string): Promise<StaticFile | null> {
    const full = normalize(join(this.root, relative));
    if (full !== this.root && !full.startsWith(this.root + sep)) return Promise.resolve(null);
    const cached = this.#cache.get(full);
    if (cached) return cached;
    const loading = this.#read(full);
    if (this.#cacheEnabled) this.#cache.set(full, loading);
    return loading;
  }

  async #read(full: string): Promise<StaticFile | null> {
    try {
      const info = await stat(full);
      if (!info.isFile()) return null;
    } catch {
      return null;
    }
    const body = await readFile(full);
    const ext = extname(full).toLowerCase();
    const compressible = COMPRESSIBLE.has(ext) && body.length > 512;
    return {
      body,
      gzip: compressible ? gzipSync(body, { level: 9 }) : null,
      br: compressible ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }) : null,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      scriptHashes: ext === '.html' ? inlineScriptHashes(body.toString('utf8')) : [],
    };
  }
}
