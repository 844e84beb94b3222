import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api as ops } from '@bh/shared/contract';
import { ApiClient, DEMO } from '../support/api.ts';
import { listenersOf, processTree } from '../support/listeners.ts';
import { startProductServer, type ProductServer } from '../support/server.ts';

/**
 * Issue 47, item 10: the embedded database listened on a loopback TCP port without credentials, so
 * any process on the machine could read and write every collection. Now it listens on a Unix socket
 * inside the private (0700) data folder, and nothing of the product but its HTTP server listens on TCP.
 */

const lockOf = (dataDir: string) => JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8')) as { pid: number };
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

describe('who can reach the embedded database', () => {
  let server: ProductServer;
  afterAll(async () => {
    await server?.stop();
  });

  it('no process of the product listens on TCP but the HTTP server; the database listens on a socket inside the 0700 data folder', async () => {
    // An SMTP server of its own, so that the local mailbox (a development stand-in on loopback) is not started.
    server = await startProductServer({ entry: 'api/src/server.ts', env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    const database = lockOf(server.dataDir).pid;
    const processes = processTree(server.child.pid!);
    expect(processes).toContain(database);

    const listeners = listenersOf(processes);
    expect(listeners.filter((l) => l.kind !== 'unix'), JSON.stringify(listeners)).toEqual([{ pid: server.child.pid, kind: 'tcp', address: String(server.port) }]);
    const sockets = listeners.filter((l) => l.kind === 'unix');
    expect(sockets.map((l) => l.pid)).toEqual([database]);
    const socket = sockets[0]!.address;
    expect(socket.startsWith(`${server.dataDir}/`)).toBe(true);
    // The socket and every folder from it up to the data folder are the user's alone.
    expect(statSync(socket).mode & 0o077).toBe(0);
    for (let dir = dirname(socket); dir.startsWith(server.dataDir); dir = dirname(dir)) expect(statSync(dir).mode & 0o777).toBe(0o700);

    // And the product works through it.
    const client = new ApiClient(server.baseUrl);
    await client.login(DEMO.admin, DEMO.password);
    expect((await client.call(ops.meeting.list)).status).toBe(200);
  });

  // Another user of the machine, as the issue describes it: nobody (uid 65534) tries every address the database listens on.
  it.runIf(process.getuid?.() === 0 && has('setpriv') && has('perl'))('lets no other user of the machine connect to the database', async () => {
    server ??= await startProductServer({ entry: 'api/src/server.ts', env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    const database = lockOf(server.dataDir).pid;
    const addresses = listenersOf([database]).map((l) => l.address);
    expect(addresses.length).toBeGreaterThan(0);
    const tryAll =
      'use IO::Socket::INET; use IO::Socket::UNIX; for (@ARGV) { my $s = m{^/} ? IO::Socket::UNIX->new(Peer => $_) : IO::Socket::INET->new(PeerAddr => "127.0.0.1:$_"); print(($s ? "connected" : "refused"), " $_\\n") }';
    const res = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'perl', '-e', tryAll, ...addresses], { encoding: 'utf8', cwd: '/' });
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout.trim().split('\n')).toEqual(addresses.map((a) => `refused ${a}`));
  });
});
