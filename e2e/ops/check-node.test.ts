import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.ts';

/** Runs scripts/check-node.cjs as if Node were `version`. */
function checkAs(version: string) {
  const pretend = `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } }); require(${JSON.stringify(join(ROOT, 'scripts', 'check-node.cjs'))});`;
  return spawnSync(process.execPath, ['-e', pretend], { encoding: 'utf8' });
}

describe('a too-old Node', () => {
  it('stops every package script at once, saying how to get Node 24', () => {
    const old = checkAs('20.20.2');
    expect(old.status).toBe(1);
    expect(old.stderr).toContain('Better Health needs Node 24 or newer; this is Node 20.20.2.');
    expect(old.stderr).toContain('bash scripts/run.sh start');
    expect(checkAs('24.0.0').status).toBe(0);

    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const [name, command] of Object.entries(scripts)) expect(command, name).toMatch(/^node scripts\/check-node\.cjs && /);
  });

  it('package.json names the pnpm version the preparation installs', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { packageManager: string };
    expect(manifest.packageManager).toMatch(/^pnpm@\d+\.\d+\.\d+$/);
    expect(readFileSync(join(ROOT, 'scripts', 'prepare.sh'), 'utf8')).toContain('packageManager');
  });
});
