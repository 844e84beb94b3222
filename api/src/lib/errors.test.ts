import { connect, createServer, type Socket } from 'node:net';
import { MongoBulkWriteError, MongoClient, MongoNetworkError, MongoNotConnectedError, MongoServerError } from 'mongodb';
import { describe, expect, inject, it } from 'vitest';
import { isDatabaseUnavailable, isStorageFull } from './errors.ts';
import { connectTargetOf } from '../../test/db-proxy.ts';

const serverError = (code: number, errmsg: string) => new MongoServerError({ ok: 0, code, errmsg });
const socketError = (message: string, fields: { code: string; syscall?: string }) => Object.assign(new Error(message), fields);

/**
 * A proxy to the test database that resets the connection carrying a large write once it has
 * taken the first part of it, so the driver is left waiting for its write to drain.
 */
async function resettingProxy(target: string) {
  const sockets: Socket[] = [];
  const proxy = createServer((client) => {
    const upstream = connect(connectTargetOf(target));
    sockets.push(client, upstream);
    client.on('error', () => {});
    upstream.on('error', () => {});
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      if (chunk.length < 64 * 1024) return;
      client.unpipe(upstream);
      client.pause();
      setTimeout(() => client.resetAndDestroy(), 100);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    uri: `mongodb://127.0.0.1:${(proxy.address() as { port: number }).port}/?directConnection=true`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      proxy.close();
    },
  };
}

describe('isDatabaseUnavailable', () => {
  it('counts a database that cannot be reached', () => {
    expect(isDatabaseUnavailable(new MongoNetworkError('connection closed'))).toBe(true);
    expect(isDatabaseUnavailable(new MongoNotConnectedError('Client must be connected before running operations'))).toBe(true);
  });

  it('counts a server going away with operations in flight (FerretDB stopping, MongoDB shutting down)', () => {
    // What FerretDB answers an insert it was running when told to stop (seen during the outage test).
    expect(isDatabaseUnavailable(serverError(1, '[msg_insert.go:168 handler.(*Handler).MsgInsert] [db.go:134 fsql.(*DB).InTransaction] context canceled'))).toBe(true);
    expect(isDatabaseUnavailable(serverError(11600, 'interrupted at shutdown'))).toBe(true);
    expect(isDatabaseUnavailable(serverError(91, 'The server is in quiesce mode and will shut down'))).toBe(true);
  });

  it('counts the socket error the driver throws as it is when the server drops a connection with a write waiting to drain', async () => {
    const proxy = await resettingProxy(inject('mongoUri'));
    const client = new MongoClient(proxy.uri, { retryWrites: false, serverSelectionTimeoutMS: 2_000 });
    try {
      await client.db('dropped_socket').command({ ping: 1 });
      const thrown = await client
        .db('dropped_socket')
        .collection('large')
        .insertOne({ text: 'x'.repeat(12 * 1024 * 1024) })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(thrown).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(thrown)).toBe(true);
    } finally {
      await client.close();
      proxy.close();
    }
  });

  it('counts a socket the server had already closed (EPIPE) and a reset one, but not a request body its client gave up on', () => {
    expect(isDatabaseUnavailable(socketError('This socket has been ended by the other party', { code: 'EPIPE' }))).toBe(true);
    expect(isDatabaseUnavailable(socketError('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' }))).toBe(true);
    expect(isDatabaseUnavailable(socketError('write EPIPE', { code: 'EPIPE', syscall: 'write' }))).toBe(true);
    // Node's own error for a request body whose client went away: no syscall.
    expect(isDatabaseUnavailable(socketError('aborted', { code: 'ECONNRESET' }))).toBe(false);
    expect(isDatabaseUnavailable(socketError('no such file', { code: 'ENOENT', syscall: 'open' }))).toBe(false);
  });

  it('does not count errors about the operation itself', () => {
    expect(isDatabaseUnavailable(serverError(11000, 'E11000 duplicate key error collection: bh.users index: email_1'))).toBe(false);
    expect(isDatabaseUnavailable(serverError(1, 'some other internal error'))).toBe(false);
    expect(isDatabaseUnavailable(serverError(2, 'context canceled'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('context canceled'))).toBe(false);
    expect(isDatabaseUnavailable('MongoNetworkError')).toBe(false);
  });
});

describe('isStorageFull', () => {
  // The errors as the engines send them: e2e/ops/full-disk.test.ts meets FerretDB's on a real full disk.
  const ferretFull = '[msg_insert.go:168 handler.(*Handler).MsgInsert] [db.go:182 fsql.(*DB).InTransaction] database or disk is full (13)';

  it("counts FerretDB's SQLITE_FULL, MongoDB's OutOfDiskSpace and ENOSPC, in a bulk write's errors too", () => {
    expect(isStorageFull(serverError(1, ferretFull))).toBe(true);
    expect(isStorageFull(serverError(14031, 'Out of disk space'))).toBe(true);
    expect(isStorageFull(serverError(8, 'WiredTiger error (28) [..], file:collection-4.wt: handle-write: pwrite: failed to write 4096 bytes: No space left on device'))).toBe(true);
    const bulk = new MongoBulkWriteError(
      { message: ferretFull, code: 1, writeErrors: [{ index: 0, code: 1, errmsg: ferretFull }] as never },
      { insertedCount: 0, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0, insertedIds: {}, upsertedIds: {} } as never,
    );
    expect(isStorageFull(bulk)).toBe(true);
  });

  it('does not count other failures, or the same words outside a database error', () => {
    expect(isStorageFull(serverError(11000, 'E11000 duplicate key error collection: bh.users index: _id_ dup key: { _id: "full" }'))).toBe(false);
    expect(isStorageFull(serverError(1, '[db.go:182] disk I/O error (10)'))).toBe(false);
    expect(isStorageFull(new MongoNetworkError('connection closed'))).toBe(false);
    expect(isStorageFull(new Error('database or disk is full (13)'))).toBe(false);
    expect(isStorageFull('database or disk is full')).toBe(false);
  });
});
