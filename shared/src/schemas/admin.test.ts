import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../messages/admin.ts';
import { ADMIN_RESOURCES, adminListQuery, AUDIT_ACTIONS, auditEntrySchema, contentRange } from './admin.ts';

function errorsOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

const q = (sort: unknown, range: unknown, filter: unknown) => ({
  sort: JSON.stringify(sort),
  range: JSON.stringify(range),
  filter: JSON.stringify(filter),
});

describe('adminListQuery', () => {
  it('parses what ra-data-simple-rest sends', () => {
    const parsed = adminListQuery.meetings.parse(
      q(['startsAt', 'ASC'], [0, 24], { q: ' asha ', doctorId: 'Ravi@Example.in', from: '2026-03-01' }),
    );
    expect(parsed).toEqual({
      sort: { field: 'startsAt', order: 'ASC' },
      range: { start: 0, end: 24 },
      limit: 25,
      filter: { q: 'asha', doctorId: 'ravi@example.in', from: '2026-03-01' },
    });
  });

  it('falls back to each grid’s default sort and the first 25 rows', () => {
    for (const resource of ADMIN_RESOURCES) {
      const parsed = adminListQuery[resource].parse({});
      expect(parsed.range).toEqual({ start: 0, end: 24 });
      expect(parsed.limit).toBe(25);
      expect(parsed.filter).toEqual({});
    }
    expect(adminListQuery.meetings.parse({}).sort).toEqual({ field: 'startsAt', order: 'DESC' });
    expect(adminListQuery.applications.parse({ filter: '{}' }).sort).toEqual({ field: 'submittedAt', order: 'ASC' });
  });

  it("accepts react-admin's default 'id' sort everywhere", () => {
    for (const resource of ADMIN_RESOURCES) {
      expect(adminListQuery[resource].parse({ sort: '["id","DESC"]' }).sort).toEqual({ field: 'id', order: 'DESC' });
    }
  });

  it('whitelists sort fields per resource', () => {
    expect(errorsOf(adminListQuery.users, { sort: '["password","ASC"]' })).toEqual([M.invalidSort]);
    expect(errorsOf(adminListQuery.meetings, { sort: '["email","ASC"]' })).toEqual([M.invalidSort]);
    expect(errorsOf(adminListQuery.users, { sort: '["$where","ASC"]' })).toEqual([M.invalidSort]);
    expect(errorsOf(adminListQuery.users, { sort: '["name","UP"]' })).toEqual([M.invalidSort]);
    expect(errorsOf(adminListQuery.users, { sort: '{"name":1}' })).toEqual([M.invalidSort]);
    expect(adminListQuery.users.parse({ sort: '["email","ASC"]' }).sort.field).toBe('email');
  });

  it('caps the range at 100 rows and keeps it ordered', () => {
    expect(adminListQuery.coupons.parse({ range: '[100,199]' }).limit).toBe(100);
    expect(errorsOf(adminListQuery.coupons, { range: '[0,100]' })).toEqual([M.rangeTooLarge]);
    expect(errorsOf(adminListQuery.coupons, { range: '[10,9]' })).toEqual([M.invalidRange]);
    for (const bad of ['[-1,5]', '[0.5,3]', '[0]', '[0,1,2]', '"0-24"', '["0","24"]']) {
      expect(new Set(errorsOf(adminListQuery.coupons, { range: bad }))).toEqual(new Set([M.invalidRange]));
    }
  });

  it('survives malformed JSON without throwing', () => {
    for (const bad of ['[0,', '{', '', 'undefined', 'NaN']) {
      expect(() => adminListQuery.audit.safeParse({ range: bad, sort: bad, filter: bad })).not.toThrow();
      expect(adminListQuery.audit.safeParse({ range: bad, sort: bad, filter: bad }).success).toBe(false);
    }
    expect(errorsOf(adminListQuery.audit, { filter: '{"actor":' })).toEqual([M.invalidFilter]);
    expect(errorsOf(adminListQuery.audit, { filter: 'x'.repeat(5000) })).toEqual([M.invalidFilter]);
  });

  it('whitelists filters per resource and refuses operators', () => {
    expect(errorsOf(adminListQuery.users, { filter: '{"password":"x"}' })).toEqual([M.invalidFilter]);
    expect(errorsOf(adminListQuery.users, { filter: '{"email":{"$ne":null}}' })).toEqual([M.invalidFilter]);
    expect(errorsOf(adminListQuery.users, { filter: '{"q":{"$regex":".*"}}' })).toEqual([M.invalidFilter]);
    expect(errorsOf(adminListQuery.users, { filter: '{"role":"superuser"}' })).toEqual([M.invalidFilter]);
    expect(errorsOf(adminListQuery.meetings, { filter: '{"clientId":["a@b.in"]}' })).toEqual([M.invalidFilter]);
    expect(errorsOf(adminListQuery.meetings, { filter: '{"from":"2026-02-30"}' })).toEqual([M.invalidFilter]);
    expect(errorsOf(adminListQuery.coupons, { filter: '{"isActive":"maybe"}' })).toEqual([M.invalidFilter]);
    expect(errorsOf(adminListQuery.audit, { filter: '{"action":"user.delete"}' })).toEqual([M.invalidFilter]);
    expect(errorsOf(adminListQuery.audit, { filter: '["actor"]' })).toEqual([M.invalidFilter]);
    expect(errorsOf(adminListQuery.meetings, { filter: '{}', extra: '1' }).length).toBe(1);
  });

  it('parses each grid’s own filters', () => {
    expect(adminListQuery.users.parse({ filter: '{"role":"doctor","isVerified":"pending","q":""}' }).filter).toEqual({
      role: 'doctor',
      isVerified: 'pending',
    });
    expect(adminListQuery.coupons.parse({ filter: '{"isActive":"false","forNewUsers":true}' }).filter).toEqual({
      isActive: false,
      forNewUsers: true,
    });
    expect(adminListQuery.applications.parse({ filter: '{"status":"rejected"}' }).filter).toEqual({ status: 'rejected' });
    expect(
      adminListQuery.audit.parse({ filter: '{"actor":"Admin@Example.in","action":"coupon.delete","to":"2026-03-10"}' }).filter,
    ).toEqual({ actor: 'admin@example.in', action: 'coupon.delete', to: '2026-03-10' });
  });

  it("accepts getMany's id list", () => {
    const ids = ['65f1a2b3c4d5e6f708192a3b', '65f1a2b3c4d5e6f708192a3c'];
    expect(adminListQuery.users.parse({ filter: JSON.stringify({ id: ids }) }).filter).toEqual({ id: ids });
    expect(adminListQuery.users.parse({ filter: JSON.stringify({ id: ids[0] }) }).filter).toEqual({ id: [ids[0]] });
    expect(adminListQuery.users.safeParse({ filter: '{"id":["nope"]}' }).success).toBe(false);
    expect(adminListQuery.users.safeParse({ filter: JSON.stringify({ id: Array(101).fill(ids[0]) }) }).success).toBe(false);
  });
});

describe('contentRange', () => {
  it('writes the header react-admin reads the total from', () => {
    expect(contentRange('meetings', 0, 25, 319)).toBe('meetings 0-24/319');
    expect(contentRange('users', 50, 3, 53)).toBe('users 50-52/53');
    expect(contentRange('coupons', 0, 0, 0)).toBe('coupons */0');
    expect(contentRange('audit', 25, 0, 10).split('/').pop()).toBe('10');
  });
});

describe('audit log', () => {
  it('names every recorded action', () => {
    expect(AUDIT_ACTIONS).toEqual([
      'account.create',
      'application.submit',
      'application.verify',
      'application.reject',
      'coupon.create',
      'coupon.status',
      'coupon.delete',
      'meeting.create',
      'meeting.delete',
      'meeting.report',
      'paymentLink.update',
      'password.change',
      'password.reset',
      'account.invite',
      'invitation.resend',
      'invitation.revoke',
      'invitation.accept',
      'email.resend',
      'privacy.decide',
      'privacy.erase',
    ]);
    const entry = { id: '65f1a2b3c4d5e6f708192a3b', at: '2026-03-10T08:30:00.000Z', actor: 'admin@example.in', action: 'coupon.create' };
    expect(auditEntrySchema.parse(entry)).toEqual(entry);
    expect(auditEntrySchema.safeParse({ ...entry, action: 'coupon.hack' }).success).toBe(false);
  });
});
