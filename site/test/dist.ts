import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const SITE_ROOT = join(import.meta.dirname, '..');
export const DIST = join(SITE_ROOT, 'dist');

export interface BuiltPage {
  /** URL path the page is served at: '/', '/services', '/404' ... */
  path: string;
  file: string;
  html: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Every HTML page of the build, with the path the server answers it on. */
export function builtPages(): BuiltPage[] {
  return walk(DIST)
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const rel = relative(DIST, file).split(sep).join('/');
      const path = rel === 'index.html' ? '/' : `/${rel.replace(/(\/index)?\.html$/, '')}`;
      return { path, file, html: readFileSync(file, 'utf8') };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
