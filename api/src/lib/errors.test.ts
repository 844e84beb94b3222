import { MongoNetworkError, MongoNotConnectedError, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

const serverError = (code: number, errmsg: string) => new MongoServerError({ ok: 0, code, errmsg });

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

  it('does not count errors about the operation itself', () => {
    expect(isDatabaseUnavailable(serverError(11000, 'E11000 duplicate key error collection: bh.users index: email_1'))).toBe(false);
    expect(isDatabaseUnavailable(serverError(1, 'some other internal error'))).toBe(false);
    expect(isDatabaseUnavailable(serverError(2, 'context canceled'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('context canceled'))).toBe(false);
    expect(isDatabaseUnavailable('MongoNetworkError')).toBe(false);
  });
});
