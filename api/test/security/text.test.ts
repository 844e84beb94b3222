import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@bh/shared';
import { createTestContext, errorOf, type TestContext } from '../context.ts';

/**
 * Free text reaches the database cleaned (issue: NUL, right-to-left overrides, names of one
 * zero-width space and full-width look-alikes of other accounts' emails were all stored).
 */

let ctx: TestContext;
let admin: { cookie: string };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin', 'verified');
});

const register = (body: Record<string, unknown>) =>
  ctx.request('POST', '/api/v1/user/register', { cookie: admin.cookie, body: { password: 'Sturdy-Pass-2026', role: 'user', ...body } });

describe('free text and emails', () => {
  it('refuses a full-width look-alike of a taken email with 409, not a second account or a 500', async () => {
    expect((await register({ name: 'Priya Nair', email: 'priya.nair@example.in' })).status).toBe(201);
    for (const email of ['ｐｒｉｙａ．ｎａｉｒ＠ｅｘａｍｐｌｅ．ｉｎ', 'PRIYA.NAIR@EXAMPLE.IN', 'pri\u200Bya.nair@example.in', '\u202Epriya.nair@example.in']) {
      const res = await register({ name: 'Impostor', email });
      expect(res.status, email).toBe(409);
      expect(await res.json()).toEqual({ success: false, message: AUTH_MESSAGES.emailTaken });
    }
    expect(await ctx.deps.cols.users.countDocuments({ name: 'Impostor' })).toBe(0);
  });

  it('signs the owner in with a look-alike of their own email, since it is the same address', async () => {
    const res = await ctx.request('POST', '/api/v1/user/login', { body: { email: 'ｐｒｉｙａ．ｎａｉｒ＠ｅｘａｍｐｌｅ．ｉｎ', password: 'Sturdy-Pass-2026' } });
    expect(res.status).toBe(200);
  });

  it('stores names without NUL, bidi or zero-width characters, composed to NFC', async () => {
    const res = await register({ name: 'Jose\u0301\u0000 \u202EKumar\u200B', email: 'jose.kumar@example.in' });
    expect(res.status).toBe(201);
    const stored = await ctx.deps.cols.users.findOne({ email: 'jose.kumar@example.in' });
    expect(stored?.name).toBe('José Kumar');
  });

  it('refuses names that are empty once cleaned and trimmed, with the spec message', async () => {
    for (const name of ['\u200B', '\u200D', ' \u3164 ', '\u0000\u202E']) {
      const res = await register({ name, email: `blank-${name.codePointAt(0)}@example.in` });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect((await errorOf(res)).message).toBe(AUTH_MESSAGES.nameRequired);
    }
    const me = await ctx.signedIn('user');
    const update = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie: me.cookie, body: { name: '\u200B\u200B' } });
    expect(update.status).toBe(400);
  });
});
