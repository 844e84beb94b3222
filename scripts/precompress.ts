/**
 * The build's last step for the portal and the site: writes a brotli (`.br`) and a gzip (`.gz`)
 * copy beside every text file of a built folder, so the server sends them as they are and never
 * compresses on a request. `node scripts/precompress.ts <folder>…` from a package's build script.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

/** File types worth compressing: text. Images and fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.map']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes `.br` and `.gz` beside each compressible file of `root` (recursively); returns how many files got them. */
export async function precompressFolder(root: string): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  let count = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE_EXTENSIONS.has(extname(entry.name).toLowerCase())) continue;
    const file = join(entry.parentPath, entry.name);
    const body = await readFile(file);
    if (body.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzipAsync(body, { level: 9 }),
    ]);
    // A copy that saves nothing is not written; the server then sends the file itself.
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

if (import.meta.main) {
  const folders = process.argv.slice(2);
  if (folders.length === 0) {
    console.error('usage: node scripts/precompress.ts <folder>…');
    process.exit(2);
  }
  for (const folder of folders) {
    const count = await precompressFolder(resolve(folder));
    console.log(`precompressed ${count} file(s) in ${folder} (brotli and gzip)`);
  }
}
