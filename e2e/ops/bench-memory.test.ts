import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startProcess, type Proc } from '../../scripts/bench/processes.ts';
import { freePort } from '../support/server.ts';

/**
 * A small server that keeps, or lets go of, as much memory as it is asked to: numbers in the
 * JavaScript heap (a packed array of doubles, 8 bytes each) or a buffer outside it.
 */
const HOLDER = `
import { createServer } from 'node:http';
let kept = [];
createServer((req, res) => {
  const url = new URL(req.url, 'http://holder');
  const mib = Number(url.searchParams.get('mib') ?? 0);
  if (url.pathname === '/heap') kept.push(Array.from({ length: mib * 131072 }, (_, i) => i + 0.5));
  if (url.pathname === '/buffer') kept.push(Buffer.alloc(mib * 1048576, 1));
  if (url.pathname === '/drop') kept = [];
  res.end('ok');
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stderr.write('holder listening\\n'));
`;

describe("the bench's reading of the memory a process keeps", () => {
  let dir: string;
  let holder: Proc;
  let url: string;
  const stderr: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bh-kept-'));
    writeFileSync(join(dir, 'holder.mjs'), HOLDER);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stderr.push(String(chunk));
      return true;
    });
    const port = await freePort();
    holder = await startProcess(join(dir, 'holder.mjs'), port, {}, '/', await freePort());
    url = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await holder?.stop();
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = async (path: string) => expect((await fetch(`${url}${path}`)).status).toBe(200);

  it('counts what the process holds in its heap and outside it, and not what it has let go of', async () => {
    const before = await holder.keptMemory();

    await ask('/heap?mib=40');
    const withHeap = await holder.keptMemory();
    expect(withHeap.heapMiB - before.heapMiB).toBeGreaterThanOrEqual(38);
    expect(withHeap.heapMiB - before.heapMiB).toBeLessThan(48);

    await ask('/buffer?mib=30');
    const withBuffer = await holder.keptMemory();
    expect(withBuffer.externalMiB - before.externalMiB).toBeGreaterThanOrEqual(29);
    expect(withBuffer.externalMiB - before.externalMiB).toBeLessThan(33);

    // Let go of both and read at once: without the full collections the 70 MiB would still be counted.
    await ask('/drop');
    const after = await holder.keptMemory();
    expect(after.heapMiB - before.heapMiB).toBeLessThan(5);
    expect(after.externalMiB - before.externalMiB).toBeLessThan(2);
  });

  it("keeps Node's notices of the inspector session out of the bench's output, and passes the rest on", async () => {
    await holder.keptMemory();
    await vi.waitFor(() => expect(stderr.join('')).toContain('holder listening\n'));
    expect(stderr.join('')).not.toContain('Debugger attached');
  });
});
