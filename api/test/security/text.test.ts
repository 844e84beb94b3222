import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, GENERAL_MESSAGES } from '@bh/shared';
import { errorOf, type TestContext } from '../context.ts';
import { createMailContext, type TestMail } from '../mail.ts';

/**
 * Free text reaches the database cleaned (issue: NUL, right-to-left overrides, names of one
 * zero-width space and full-width look-alikes of other accounts' emails were all stored).
 */

let ctx: TestContext;
let mail: TestMail;
let admin: { cookie: string };

beforeAll(async () => {
  ({ ctx, mail } = await createMailContext());
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
    // A NUL is a control character: the name is refused and nothing is stored (issue 47, single-line fields).
    const withNul = await register({ name: 'Jose\u0301\u0000 \u202EKumar\u200B', email: 'jose.kumar@example.in' });
    expect(withNul.status).toBe(400);
    expect((await errorOf(withNul)).message).toBe(GENERAL_MESSAGES.singleLine);
    expect(await ctx.deps.cols.users.countDocuments({ email: 'jose.kumar@example.in' })).toBe(0);
    const res = await register({ name: 'Jose\u0301 \u202EKumar\u200B', email: 'jose.kumar@example.in' });
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

describe('single-line fields (issue 47, item 11)', () => {
  const INJECTED = 'Rahul\r\n\r\nACTION NEEDED: confirm your payout at https://evil.example/payout';
  const BREAKS = [INJECTED, 'Rahul\nMehta', 'Rahul\rMehta', 'Rahul\tMehta', 'Rahul\u0000Mehta', 'Rahul\u001bMehta', 'Rahul\u0085Mehta', 'Rahul\u2028Mehta'];

  async function expectRefused(res: Response) {
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toBe(GENERAL_MESSAGES.singleLine);
    expect(error.errors).toContainEqual({ path: 'name', message: GENERAL_MESSAGES.singleLine });
  }

  it('refuses a name with a line break or another control character when an admin creates or invites an account: 400, no account, no email', async () => {
    for (const [i, name] of BREAKS.entries()) {
      const email = `line-break-${i}@example.in`;
      await expectRefused(await register({ name, email }));
      await expectRefused(await ctx.request('POST', '/api/v1/user/invite', { cookie: admin.cookie, body: { name, email, role: 'doctor' } }));
      expect(await ctx.deps.cols.users.countDocuments({ email }), JSON.stringify(name)).toBe(0);
      expect(await ctx.deps.cols.outbox.countDocuments({ to: email }), JSON.stringify(name)).toBe(0);
    }
    await mail.deliver();
    expect(mail.mailbox.messages.filter((m) => m.to.some((to) => to.startsWith('line-break-')))).toEqual([]);
  });

  it('refuses such a name in the profile and keeps the name as it was', async () => {
    const me = await ctx.signedIn('user');
    const before = await ctx.deps.cols.users.findOne({ email: me.email });
    for (const name of BREAKS) {
      await expectRefused(await ctx.request('PUT', '/api/v1/user/profile/update', { cookie: me.cookie, body: { name } }));
    }
    expect((await ctx.deps.cols.users.findOne({ email: me.email }))?.name).toBe(before?.name);
  });

  it('refuses such a nominee name and relationship', async () => {
    const me = await ctx.signedIn('user');
    const res = await ctx.request('PUT', '/api/v1/privacy/nominee', { cookie: me.cookie, body: { name: INJECTED, email: 'meena@example.in', relationship: 'Sister\nand payee' } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual([
      { path: 'name', message: GENERAL_MESSAGES.singleLine },
      { path: 'relationship', message: GENERAL_MESSAGES.singleLine },
    ]);
  });
  it('writes a name stored before this rule on one line in every email that names it', async () => {
    const client = await ctx.createUser({ role: 'user', name: 'Rahul' });
    const doctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified', name: 'Meera Rao' });
    // As an earlier release stored it.
    await ctx.deps.cols.users.updateOne({ email: client.email }, { $set: { name: INJECTED } });
    const body = { clientId: client.email, doctorId: doctor.email, meetingDate: '2026-06-20', meetingTime: '05:30 PM', meetingLink: 'https://meet.example.in/r1', formLink: 'https://forms.example.in/f1' };
    expect((await ctx.request('POST', '/api/v1/meeting/create-meeting', { cookie: admin.cookie, body })).status).toBe(201);
    await mail.deliver();
    const oneLine = 'Rahul ACTION NEEDED: confirm your payout at https://evil.example/payout';
    const toDoctor = mail.to(doctor.email)[0]!;
    const toClient = mail.to(client.email)[0]!;
    for (const message of [toDoctor, toClient]) {
      expect(message.text.split(/\r?\n/).filter((line) => line.startsWith('ACTION NEEDED'))).toEqual([]);
    }
    expect(toDoctor.text).toContain(`Your session with ${oneLine} is scheduled.`);
    expect(toClient.text.startsWith(`Hello ${oneLine},`)).toBe(true);
  });
});
