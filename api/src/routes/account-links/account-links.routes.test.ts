import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCOUNT_LINK_MESSAGES as L, AUTH_MESSAGES, emailRecordSchema, inviteResponse, pendingInvitationsResponse } from '@bh/shared';
import { bodyOf, errorOf, TEST_PASSWORD, type TestContext } from '../../../test/context.ts';
import { linkIn, createMailContext, tokenOf, type TestMail } from '../../../test/mail.ts';
import { ObjectId } from 'mongodb';
import { RESET_LIMITS } from '../../domain/accounts/invitations.service.ts';
import { issueLink } from '../../domain/accounts/account-links.service.ts';

let ctx: TestContext;
let mail: TestMail;
beforeAll(async () => ({ ctx, mail } = await createMailContext()));

const MINUTE = 60_000;
const NEW_PASSWORD = 'Fresh-Lotus-2026';

/** Asks, and waits for the work the answer left behind (the link and its email come after it). */
async function forgot(email: string) {
  const res = await ctx.request('POST', '/api/v1/user/forgot-password', { body: { email } });
  const answer = { status: res.status, body: await res.json() };
  await ctx.deps.afterAnswer.settled();
  return answer;
}

describe('password reset by email', () => {
  it('answers an unknown email exactly as a known one, and only the known one gets an email', async () => {
    const known = await ctx.createUser({ role: 'user' });
    const unknown = `nobody-${Date.now()}@test.betterhealth.in`;
    const a = await forgot(known.email);
    const b = await forgot(unknown);
    expect(a).toEqual({ status: 200, body: { success: true, message: L.forgotPasswordSent } });
    expect(b).toEqual(a);
    await mail.deliver();
    expect(mail.to(known.email).map((m) => m.subject)).toEqual(['Reset your Better Health password']);
    expect(mail.to(unknown)).toEqual([]);
  });

  it('resets end to end: link → new password → every session ended → notice; the link works once', async () => {
    const user = await ctx.createUser({ role: 'doctor', isVerified: 'verified' });
    const oldSession = await ctx.login(user.email);
    await forgot(user.email);
    await mail.deliver();
    const email = mail.to(user.email)[0]!;
    const link = linkIn(email, '/login/reset');
    expect(link.startsWith(`${ctx.deps.config.publicOrigin}/login/reset#token=`)).toBe(true);
    expect(email.text).toContain('30 minutes');
    expect(email.html).toContain(link);

    const res = await ctx.request('POST', '/api/v1/user/reset-password', { body: { token: tokenOf(link), password: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: L.passwordReset });
    expect(res.headers.get('set-cookie')).toBeNull();

    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: oldSession })).status).toBe(401);
    const oldLogin = await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(oldLogin.status).toBe(401);
    await ctx.login(user.email, NEW_PASSWORD);

    await mail.deliver();
    const notice = mail.to(user.email)[0]!;
    expect(notice.subject).toBe('Your Better Health password was changed');
    expect(notice.text).toMatch(/changed on \w{3}, \d{2} \w{3} \d{4}, \d{2}:\d{2} [AP]M IST/);

    const again = await ctx.request('POST', '/api/v1/user/reset-password', { body: { token: tokenOf(link), password: 'Another-Pass-99' } });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).message).toBe(L.linkInvalid);
  });

  it('lets the owner back in after a reset even when wrong guesses had locked the account at this address', async () => {
    const user = await ctx.createUser({ role: 'user' });
    for (let i = 0; i < 11; i += 1) {
      await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: 'Wrong-Guess-000' } });
    }
    const locked = await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(locked.status).toBe(429);

    await forgot(user.email);
    await mail.deliver();
    const link = linkIn(mail.to(user.email).at(-1)!, '/login/reset');
    expect((await ctx.request('POST', '/api/v1/user/reset-password', { body: { token: tokenOf(link), password: NEW_PASSWORD } })).status).toBe(200);
    const login = await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: NEW_PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('refuses an expired link, a malformed one and a weak password with the product messages', async () => {
    const user = await ctx.createUser({ role: 'user' });
    await forgot(user.email);
    await mail.deliver();
    const token = tokenOf(linkIn(mail.to(user.email)[0]!, '/login/reset'));

    const weak = await ctx.request('POST', '/api/v1/user/reset-password', { body: { token, password: 'short' } });
    expect(weak.status).toBe(400);
    expect((await errorOf(weak)).message).toBe(AUTH_MESSAGES.passwordTooShort);

    const garbage = await ctx.request('POST', '/api/v1/user/reset-password', { body: { token: 'not-a-token', password: NEW_PASSWORD } });
    expect(garbage.status).toBe(400);
    expect((await errorOf(garbage)).message).toBe(L.linkInvalid);

    ctx.clock.advance(31 * MINUTE);
    const late = await ctx.request('POST', '/api/v1/user/reset-password', { body: { token, password: NEW_PASSWORD } });
    expect(late.status).toBe(400);
    expect((await errorOf(late)).message).toBe(L.linkInvalid);
    await ctx.login(user.email);
  });

  it('lets only one of two parallel resets with one link through', async () => {
    const user = await ctx.createUser({ role: 'user' });
    await forgot(user.email);
    await mail.deliver();
    const token = tokenOf(linkIn(mail.to(user.email)[0]!, '/login/reset'));
    const results = await Promise.all(
      ['Parallel-One-11', 'Parallel-Two-22', 'Parallel-Six-33'].map((password) => ctx.request('POST', '/api/v1/user/reset-password', { body: { token, password } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('sends at most a few resets per account an hour, and refuses an address that keeps asking', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const before = await ctx.deps.cols.outbox.countDocuments({ to: user.email });
    for (let i = 0; i < RESET_LIMITS.perAccount + 2; i += 1) expect((await forgot(user.email)).status).toBe(200);
    expect(await ctx.deps.cols.outbox.countDocuments({ to: user.email })).toBe(before + RESET_LIMITS.perAccount);
    let status = 200;
    for (let i = 0; i < RESET_LIMITS.perIp && status === 200; i += 1) status = (await forgot(`someone${i}@test.betterhealth.in`)).status;
    expect(status).toBe(429);
    ctx.clock.advance(61 * MINUTE);
    expect((await forgot(user.email)).status).toBe(200);
  });
});

describe('invitations', () => {
  async function invite(adminCookie: string, role: 'user' | 'doctor' | 'admin' = 'user') {
    const email = `invitee-${Math.random().toString(36).slice(2, 8)}@test.betterhealth.in`;
    const res = await ctx.request('POST', '/api/v1/user/invite', { cookie: adminCookie, body: { name: 'Asha Invitee', email, role } });
    expect(res.status).toBe(201);
    const json = await bodyOf(res, inviteResponse);
    expect(json).toMatchObject({ success: true, message: L.invitationSent, user: { email, role, name: 'Asha Invitee' } });
    return { email, userId: json.user._id };
  }

  it('creates the account, emails a 72-hour link that sets the password and signs in, once', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const { email } = await invite(admin.cookie, 'doctor');
    // No password works before the invitation is accepted.
    expect((await ctx.request('POST', '/api/v1/user/login', { body: { email, password: TEST_PASSWORD } })).status).toBe(401);
    await mail.deliver();
    const message = mail.to(email)[0]!;
    expect(message.subject).toBe('You are invited to Better Health');
    expect(message.text).toContain('as BH Associate');
    const token = tokenOf(linkIn(message, '/login/welcome'));

    const res = await ctx.request('POST', '/api/v1/user/accept-invitation', { body: { token, password: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    expect(await res.clone().json()).toMatchObject({ success: true, message: L.invitationAccepted, user: { email, role: 'doctor' } });
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const profile = await ctx.request('GET', '/api/v1/user/profile', { cookie });
    expect(profile.status).toBe(200);
    await ctx.login(email, NEW_PASSWORD);

    const twice = await ctx.request('POST', '/api/v1/user/accept-invitation', { body: { token, password: 'Other-Pass-456' } });
    expect(twice.status).toBe(400);
    expect((await errorOf(twice)).message).toBe(L.linkInvalid);
    // Accepted invitations leave the pending list.
    const list = pendingInvitationsResponse.parse(await (await ctx.request('GET', '/api/v1/user/invitations', { cookie: admin.cookie })).json());
    expect(list.data.map((i) => i.email)).not.toContain(email);
  });

  it('expires after 72 hours; a resend replaces the link; a revoke stops it', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const { email, userId } = await invite(admin.cookie);
    await mail.deliver();
    const first = tokenOf(linkIn(mail.to(email)[0]!, '/login/welcome'));
    const list = pendingInvitationsResponse.parse(await (await ctx.request('GET', '/api/v1/user/invitations', { cookie: admin.cookie })).json());
    expect(list.data.find((i) => i.email === email)).toMatchObject({ userId, role: 'user' });

    ctx.clock.advance(72 * 60 * MINUTE + MINUTE);
    const expired = await ctx.request('POST', '/api/v1/user/accept-invitation', { body: { token: first, password: NEW_PASSWORD } });
    expect(expired.status).toBe(400);

    // The admin's own session has idled out over those three days.
    const adminCookie = await ctx.login(admin.email);
    const resent = await ctx.request('POST', `/api/v1/user/invitations/${userId}/resend`, { cookie: adminCookie });
    expect(await resent.json()).toEqual({ success: true, message: L.invitationResent });
    await mail.deliver();
    const second = tokenOf(linkIn(mail.to(email)[0]!, '/login/welcome'));
    expect(second).not.toBe(first);

    const revoked = await ctx.request('DELETE', `/api/v1/user/invitations/${userId}`, { cookie: adminCookie });
    expect(await revoked.json()).toEqual({ success: true, message: L.invitationRevoked });
    const refused = await ctx.request('POST', '/api/v1/user/accept-invitation', { body: { token: second, password: NEW_PASSWORD } });
    expect(refused.status).toBe(400);
    // A revoked invitee cannot get in through "Forgot password?" either.
    const outboxBefore = await ctx.deps.cols.outbox.countDocuments({ to: email });
    await forgot(email);
    expect(await ctx.deps.cols.outbox.countDocuments({ to: email })).toBe(outboxBefore);
    expect((await ctx.request('DELETE', `/api/v1/user/invitations/${userId}`, { cookie: adminCookie })).status).toBe(404);
  });

  it('refuses an email that already has an account', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const taken = await ctx.createUser({ role: 'user' });
    const res = await ctx.request('POST', '/api/v1/user/invite', { cookie: admin.cookie, body: { name: 'Again', email: taken.email, role: 'user' } });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(AUTH_MESSAGES.emailTaken);
  });

  it('keeps the link out of the stored message once sent, and never shows it in the Emails grid', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const { email } = await invite(admin.cookie);
    const queued = await ctx.deps.cols.outbox.findOne({ to: email });
    expect(queued!.secret).toMatch(/^v1\./);
    expect(JSON.stringify(queued!.data)).not.toContain('token');
    await mail.deliver();
    const sent = await ctx.deps.cols.outbox.findOne({ to: email });
    expect(sent).toMatchObject({ status: 'sent', secret: null, attempts: 1 });
    const grid = await ctx.request('GET', `/api/v1/admin/emails?filter=${encodeURIComponent(JSON.stringify({ to: email }))}`, { cookie: admin.cookie });
    const rows = await bodyOf(grid, z.array(emailRecordSchema));
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['attempts', 'createdAt', 'dueAt', 'id', 'lastError', 'sentAt', 'status', 'template', 'to']);
  });
});

describe('a password change ends every outstanding link (issue 47, item 8)', () => {
  const CHANGED = 'Your Better Health password was changed';

  /** Asks for a reset and reads the link in the owner's mailbox, as the owner would. */
  async function deliveredResetLink(email: string): Promise<string> {
    expect((await forgot(email)).status).toBe(200);
    await mail.deliver();
    return tokenOf(linkIn(mail.to(email)[0]!, '/login/reset'));
  }

  async function expectRefused(token: string) {
    const res = await ctx.request('POST', '/api/v1/user/reset-password', { body: { token, password: 'Someone-Else-77' } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(L.linkInvalid);
  }

  async function changeInProfile(cookie: string, newPassword: string) {
    const res = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie, body: { currentPassword: TEST_PASSWORD, newPassword } });
    expect(res.status).toBe(200);
  }

  const roles = [
    ['a client', 'user'],
    ['a BH Associate', 'doctor'],
    ['an admin', 'admin'],
  ] as const;
  for (const [who, role] of roles) {
    it(`${who} changing the password in the profile: a reset link asked for before answers the refusal, and the owner is told by email`, async () => {
      const user = await ctx.createUser({ role });
      const cookie = await ctx.login(user.email);
      const token = await deliveredResetLink(user.email);
      ctx.clock.advance(MINUTE);
      await changeInProfile(cookie, NEW_PASSWORD);

      await expectRefused(token);
      // The password is the one the owner chose, not one set through the old link.
      expect((await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: 'Someone-Else-77' } })).status).toBe(401);
      await ctx.login(user.email, NEW_PASSWORD);
      await mail.deliver();
      expect(mail.to(user.email).filter((m) => m.subject === CHANGED)).toHaveLength(1);
      expect(mail.to(user.email)[0]!.subject).toBe(CHANGED);
    });
  }

  it('does not send a reset email still waiting in the outbox when the password changes', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const cookie = await ctx.login(user.email);
    expect((await forgot(user.email)).status).toBe(200);
    await changeInProfile(cookie, NEW_PASSWORD);
    await mail.deliver();
    expect(mail.to(user.email).map((m) => m.subject)).toEqual([CHANGED]);
    expect(await ctx.deps.cols.outbox.findOne({ to: user.email, template: 'password-reset' })).toMatchObject({ status: 'cancelled', secret: null });
  });

  it('a reset ends the other reset links of the account and sends the notice', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const first = await deliveredResetLink(user.email);
    const second = await deliveredResetLink(user.email);
    const res = await ctx.request('POST', '/api/v1/user/reset-password', { body: { token: second, password: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    await expectRefused(first);
    await mail.deliver();
    expect(mail.to(user.email).filter((m) => m.subject === CHANGED)).toHaveLength(1);
  });

  it('accepting an invitation ends every other invitation link of the account, such as one a second resend left live', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const email = `invitee-${Math.random().toString(36).slice(2, 8)}@test.betterhealth.in`;
    const invited = await ctx.request('POST', '/api/v1/user/invite', { cookie: admin.cookie, body: { name: 'Ravi Invitee', email, role: 'user' } });
    expect(invited.status).toBe(201);
    const userId = new ObjectId((await bodyOf(invited, inviteResponse)).user._id);
    await mail.deliver();
    const token = tokenOf(linkIn(mail.to(email)[0]!, '/login/welcome'));
    // Two resends at once each revoke what was there before either issues its link, so both links live.
    const { token: other } = await issueLink(ctx.deps, userId, 'invitation');

    expect((await ctx.request('POST', '/api/v1/user/accept-invitation', { body: { token, password: NEW_PASSWORD } })).status).toBe(200);
    const outstanding = await ctx.deps.cols.accountLinks.countDocuments({ userId, revokedAt: null, usedAt: null });
    expect(outstanding).toBe(0);
    const res = await ctx.request('POST', '/api/v1/user/accept-invitation', { body: { token: other, password: 'Someone-Else-77' } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(L.linkInvalid);
    await ctx.login(email, NEW_PASSWORD);
  });
});
