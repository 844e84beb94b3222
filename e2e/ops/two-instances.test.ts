import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDb, type EmbeddedDb } from '@bh/api/db/embedded';
import { ApiClient, uniqueEmail } from '../support/api.ts';
import { adminCreate, startProductServer, type ProductServer } from '../support/server.ts';
import { api as ops } from '@bh/shared/contract';
import { istDateAndTime } from '@bh/shared';
import { createAccount, scheduleMeeting, verifiedAssociate, type Admin } from '../support/seed.ts';

describe('two API instances on one database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bh-two-'));
  let db: EmbeddedDb;
  let a: ProductServer;
  let b: ProductServer;
  const admin = { email: uniqueEmail('two-admin'), name: 'Two Admin', password: 'Two-admin-pass-1' };

  beforeAll(async () => {
    db = await startEmbeddedDb({ dataDir, log: () => {} });
    const env = { MONGODB_URI: db.uri, MONGODB_DB: 'two', DOCUMENT_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'error' };
    expect((await adminCreate(dataDir, admin, env)).code).toBe(0);
    [a, b] = await Promise.all([
      startProductServer({ entry: 'api/src/server.ts', env }),
      startProductServer({ entry: 'api/src/server.ts', env }),
    ]);
    expect(a.port).not.toBe(b.port);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('accepts a session created on one instance on the other, and a logout on one ends it on both', async () => {
    const onA = new ApiClient(a.baseUrl);
    await onA.login(admin.email, admin.password);
    const onB = new ApiClient(b.baseUrl);
    onB.cookie = onA.cookie;
    expect((await onB.call(ops.user.profile)).status).toBe(200);

    const created = await onB.call(ops.user.register, { body: { name: 'Shared Client', email: uniqueEmail('two-client'), password: 'Client-pass-123', role: 'user' } });
    expect(created.status).toBe(201);

    expect((await onB.call(ops.user.logout)).status).toBe(200);
    const again = new ApiClient(a.baseUrl);
    again.cookie = onA.cookie;
    expect((await again.call(ops.user.profile)).status).toBe(401);
  });

  it('counts failed logins made on both instances toward one limit', async () => {
    const target = { email: uniqueEmail('two-target'), name: 'Target', password: 'Target-pass-123' };
    const adminClient = new ApiClient(a.baseUrl);
    await adminClient.login(admin.email, admin.password);
    expect((await adminClient.call(ops.user.register, { body: { ...target, role: 'user' } })).status).toBe(201);

    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const via = new ApiClient(i % 2 === 0 ? a.baseUrl : b.baseUrl);
      statuses.push((await via.call(ops.user.login, { body: { email: target.email, password: `wrong-${i}` } })).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    for (const server of [a, b]) {
      const res = await new ApiClient(server.baseUrl).call(ops.user.login, { body: { email: target.email, password: target.password } });
      expect(res.status).toBe(429);
    }
  });

  it('lets exactly one of two clients, on different instances, reschedule into the same free slot at the same instant', async () => {
    const api = new ApiClient(a.baseUrl);
    await api.login(admin.email, admin.password);
    const profile = await api.call(ops.user.profile);
    const boss: Admin = { ...admin, _id: profile.json.user._id, api };
    const associate = await verifiedAssociate(boss, 'Meera Two');
    const clients = [await createAccount(boss, 'Priya Two', 'user'), await createAccount(boss, 'Rahul Two', 'user')];
    const day = 24 * 3600_000;
    const meetings = [await scheduleMeeting(boss, clients[0]!, associate, new Date(Math.ceil((Date.now() + 3 * day) / 3600_000) * 3600_000)), await scheduleMeeting(boss, clients[1]!, associate, new Date(Math.ceil((Date.now() + 4 * day) / 3600_000) * 3600_000))];

    const onAssociate = new ApiClient(b.baseUrl);
    await onAssociate.login(associate.email, associate.password);
    const allDay = [{ start: '00:00', end: '23:00' }];
    const hours = { weekly: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay }, daysOff: [] };
    expect((await onAssociate.call(ops.booking.setAvailability, { body: hours })).status).toBe(200);

    // The same slot six days ahead, on India's clock.
    const target = { meetingDate: istDateAndTime(new Date(Date.now() + 6 * day)).meetingDate, meetingTime: '10:00 AM' };
    const viaA = new ApiClient(a.baseUrl);
    await viaA.login(clients[0]!.email, clients[0]!.password);
    const viaB = new ApiClient(b.baseUrl);
    await viaB.login(clients[1]!.email, clients[1]!.password);
    const answers = await Promise.all([
      viaA.call(ops.booking.reschedule, { params: { meetingId: meetings[0]!._id }, body: { ...target, reason: 'Race on A' } }),
      viaB.call(ops.booking.reschedule, { params: { meetingId: meetings[1]!._id }, body: { ...target, reason: 'Race on B' } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);

    const listed = await onAssociate.call(ops.meeting.list);
    expect(listed.json.meetings.filter((m) => m.meetingDate === target.meetingDate && m.meetingTime === target.meetingTime && m.status === 'scheduled')).toHaveLength(1);
  }, 120_000);
});
