/**
 * Renders the social preview image (public/og-image.png, 1200×630) from og/og-image.svg with
 * Chromium's own screenshot mode. Run it again after changing the SVG:
 *   node scripts/og-image.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const here = import.meta.dirname;
const profile = mkdtempSync(join(tmpdir(), 'bh-og-'));
const out = join(here, '..', 'public', 'og-image.png');
const res = spawnSync(
  process.env.CHROME_PATH ?? '/usr/bin/chromium',
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--hide-scrollbars',
    '--no-first-run',
    `--user-data-dir=${profile}`,
    '--window-size=1200,630',
    `--screenshot=${out}`,
    pathToFileURL(join(here, 'og', 'og-image.svg')).href,
  ],
  { stdio: 'inherit' },
);
rmSync(profile, { recursive: true, force: true });
if (res.status !== 0) process.exit(res.status ?? 1);
console.log(`Wrote ${out}`);
