import { z } from 'zod';
import { AUTH_MESSAGES as M } from '../messages/index.ts';
import { emailField, requiredLine, successResponse } from './common.ts';

export const ROLES = ['user', 'doctor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const VERIFICATION_STATUSES = ['not_submitted', 'pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** How each role is named in the product. */
export const ROLE_LABELS: Record<Role, string> = { user: 'User', doctor: 'BH Associate', admin: 'Admin' };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Passwords people pick first; refused outright whatever their length. */
const COMMON_PASSWORDS = new Set([
  'password', 'password1', 'password123', '12345678', '123456789', '1234567890', 'qwerty123',
  'qwertyuiop', 'iloveyou', 'admin123', 'welcome1', 'welcome123', 'abc12345', '11111111',
  '00000000', 'letmein1', 'passw0rd', 'football', 'baseball', 'sunshine', 'princess',
  'betterhealth', 'better health',
]);

export const passwordField = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(PASSWORD_MIN, M.passwordTooShort)
  .max(PASSWORD_MAX, M.passwordTooLong)
  .refine((v) => !COMMON_PASSWORDS.has(v.toLowerCase()) && !/^(.)\1+$/.test(v), M.passwordTooCommon);

export const loginRequestSchema = z.strictObject({
  email: emailField(M.emailRequired, M.invalidEmail),
  // Login never reveals the password rules: any non-empty string up to the maximum is checked.
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(PASSWORD_MAX, M.invalidCredentials),
  remember: z.boolean().optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const registerRequestSchema = z.strictObject({
  name: requiredLine(M.nameRequired, 100),
  email: emailField(M.emailRequired, M.invalidEmail),
  password: passwordField,
  role: z.enum(ROLES, { error: 'Role must be user, doctor or admin' }).default('user'),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const profileUpdateRequestSchema = z
  .strictObject({
    name: requiredLine(M.nameRequired, 100).optional(),
    currentPassword: z.string().max(PASSWORD_MAX).optional(),
    newPassword: passwordField.optional(),
  })
  .refine((v) => v.newPassword === undefined || (v.currentPassword ?? '').length > 0, {
    message: M.currentPasswordRequired,
    path: ['currentPassword'],
  });

export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isVerified: z.enum(VERIFICATION_STATUSES),
  rejectionReason: z.string().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginResponseSchema = successResponse({
  message: z.string(),
  user: publicUserSchema,
});
/** POST /user/register: the server's message and the account it created. */
export const accountCreatedResponseSchema = loginResponseSchema;
export const profileResponseSchema = successResponse({ user: publicUserSchema });
export const messageResponseSchema = successResponse({ message: z.string() });
