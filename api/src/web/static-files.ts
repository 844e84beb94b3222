import { createHash } from 'node:crypto';
import { readdirSync, type Dirent } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

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

/** The precompressed copies the build writes beside a text file (`scripts/precompress.ts`). */
const SIDECARS = ['.br', '.gz'] as const;

/** Every file under `root` (full paths), read once at start-up; an absent folder has none. */
function indexFolder(root: string): Set<string> {
  let entries: Dirent[];
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return new Set();
  }
  return new Set(entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)));
}

/**
 * Serves a built folder from memory. The folder's files are listed once at start-up, so a URL
 * that names no built file is answered without touching the disk and leaves nothing behind: only
 * files that exist are read (once) and kept, with the brotli and gzip copies the build wrote beside
 * them. Nothing is compressed on a request.
 */
export class StaticFolder {
  readonly root: string;
  /** The built files (full paths), or null in dev mode, where files are read on every request. */
  readonly #files: Set<string> | null;
  readonly #cache = new Map<string, Promise<StaticFile | null>>();

  constructor(root: string, options: { cache?: boolean } = {}) {
    this.root = normalize(root);
    this.#files = (options.cache ?? true) ? indexFolder(this.root) : null;
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
    if (this.#files === null) return read(full, existsOnDisk);
    // Misses are never remembered: only the finite set of built files can enter the cache.
    const files = this.#files;
    if (!files.has(full)) return Promise.resolve(null);
    // The compressed copies are served in place of their file, never as files of their own.
    if (SIDECARS.some((suffix) => full.endsWith(suffix) && files.has(full.slice(0, -suffix.length)))) return Promise.resolve(null);
    let loading = this.#cache.get(full);
    if (!loading) {
      loading = read(full, async (path) => files.has(path));
      this.#cache.set(full, loading);
    }
    return loading;
  }
}

async function existsOnDisk(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function read(full: string, exists: (path: string) => Promise<boolean>): Promise<StaticFile | null> {
  if (!(await exists(full))) return null;
  const ext = extname(full).toLowerCase();
  const readCopy = async (suffix: (typeof SIDECARS)[number]) => ((await exists(full + suffix)) ? readFile(full + suffix) : null);
  const [body, br, gzip] = await Promise.all([readFile(full), readCopy('.br'), readCopy('.gz')]);
  return {
    body,
    gzip,
    br,
    type: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    scriptHashes: ext === '.html' ? inlineScriptHashes(body.toString('utf8')) : [],
  };
}
