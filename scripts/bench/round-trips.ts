/**
 * Database round trips per login (issue 52): the API's own login, run in the bench's process on the
 * bench's database through a driver that reports every command (`monitorCommands`), as
 * `api/src/lib/rate-limit-writes.test.ts` counts them. A round trip is a command sent while none of
 * the login's others is waiting for its answer: commands sent together are one wait.
 */
import { randomBytes } from 'node:crypto';
import { MongoClient, type MongoClientOptions } from 'mongodb';
import { createApp } from '@bh/api';
import { systemClock } from '@bh/api/lib/clock';
import { createDeps } from '@bh/api/lib/deps';
import { createLogger } from '@bh/api/lib/logger';
import { LOGIN_ROUTE } from '@bh/api/lib/metrics';

export interface LoginRoundTrips {
  /** The first login from an address, which also takes a slot of the account-wide limit. */
  first: { roundTrips: number; commands: string[] };
  /** A later login from that address. */
  again: { roundTrips: number; commands: string[] };
}

const HOUSEKEEPING = new Set(['hello', 'ping', 'endSessions', 'isMaster', 'buildInfo', 'getParameter']);

export async function loginRoundTrips(uri: string, dbName: string, options: MongoClientOptions, account: { email: string; password: string }): Promise<LoginRoundTrips> {
  const client = new MongoClient(uri, { ...options, monitorCommands: true });
  await client.connect();
  try {
    let roundTrips = 0;
    let commands: string[] = [];
    const waiting = new Set<number>();
    client.on('commandStarted', (e) => {
      if (HOUSEKEEPING.has(e.commandName)) return;
      if (waiting.size === 0) roundTrips += 1;
      waiting.add(e.requestId);
      commands.push(`${e.commandName} ${String(e.command[e.commandName])}`);
    });
    client.on('commandSucceeded', (e) => waiting.delete(e.requestId));
    client.on('commandFailed', (e) => waiting.delete(e.requestId));
    const db = client.db(dbName);
    const deps = createDeps({
      client,
      db,
      clock: systemClock,
      log: createLogger('silent'),
      config: { publicOrigin: 'http://127.0.0.1', allowedOrigins: [], trustProxy: false, documentKey: randomBytes(32), mailFrom: 'Better Health <bench@betterhealth.example>' },
    });
    const app = createApp(deps);
    // Connections open beforehand, as in a running server: one being opened would hold its command back.
    await Promise.all(Array.from({ length: 6 }, () => db.command({ ping: 1 })));
    const once = async () => {
      roundTrips = 0;
      commands = [];
      const res = await app.request(LOGIN_ROUTE, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
      if (res.status !== 200) throw new Error(`the counted login was answered ${res.status}`);
      return { roundTrips, commands: commands.sort() };
    };
    const first = await once();
    const again = await once();
    return { first, again };
  } finally {
    await client.close();
  }
}
