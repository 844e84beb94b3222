import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, GENERAL_MESSAGES } from '../messages/index.ts';
import { loginRequestSchema, profileUpdateRequestSchema, registerRequestSchema } from './user.ts';
import { rejectRequest } from './registration.ts';
import { verifyCouponRequest } from './payments.ts';

/** The same schemas validate the API's bodies and the portal's forms, so both clean text alike. */
describe('free text and emails in the shared schemas', () => {
  const account = { password: 'Sturdy-Pass-2026', role: 'user' as const };

  it('stores names cleaned: NFC, without NUL, bidi overrides or zero-width characters', () => {
    const parsed = registerRequestSchema.parse({ ...account, name: '  Jose\u0301 \u202ERao\u200B ', email: 'jose@example.in' });
    expect(parsed.name).toBe('José Rao');
    // A NUL is a control character: a name holding one is refused, never stored (issue 47, single-line fields).
    const withNul = registerRequestSchema.safeParse({ ...account, name: '  Jose\u0301 \u202ERao\u0000\u200B ', email: 'jose@example.in' });
    expect(withNul.error?.issues.map((i) => i.message)).toEqual([GENERAL_MESSAGES.singleLine]);
  });

  it('refuses a name that is empty once cleaned and trimmed, with the spec message', () => {
    for (const name of ['\u200B', '\u200D\u200C', ' \u3164 ', '\u202E', '\u0000']) {
      const result = registerRequestSchema.safeParse({ ...account, name, email: 'blank@example.in' });
      expect(result.success, JSON.stringify(name)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(AUTH_MESSAGES.nameRequired);
    }
    expect(profileUpdateRequestSchema.safeParse({ name: '\u200B' }).success).toBe(false);
  });

  it('reads a full-width look-alike of an email as that email, in login and account creation', () => {
    const fullWidth = 'ＰＲＩＹＡ＠demo.betterhealth.in';
    expect(loginRequestSchema.parse({ email: fullWidth, password: 'x' }).email).toBe('priya@demo.betterhealth.in');
    expect(registerRequestSchema.parse({ ...account, name: 'Priya', email: fullWidth }).email).toBe('priya@demo.betterhealth.in');
    expect(registerRequestSchema.parse({ ...account, name: 'Priya', email: 'pri\u200Bya@demo.betterhealth.in' }).email).toBe('priya@demo.betterhealth.in');
  });

  it('cleans the reason of a rejection and the email of a coupon check alike', () => {
    expect(rejectRequest.safeParse({ reason: '\u200B\u200B' }).success).toBe(false);
    expect(rejectRequest.parse({ reason: 'Blurred\u0000 scan\u202E' }).reason).toBe('Blurred scan');
    const check = verifyCouponRequest.parse({ couponCode: 'WELCOME10', email: 'ＲＡＨＵＬ@demo.betterhealth.in', isExistingUser: true });
    expect(check.email).toBe('rahul@demo.betterhealth.in');
  });
});
