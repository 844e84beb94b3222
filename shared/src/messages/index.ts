/**
 * Every product text the API and the front ends share (spec §5, §8). Quoted spec texts are exact.
 */
export const AUTH_MESSAGES = {
  loginSuccess: 'Login Success',
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  loggedOut: 'User logged out',
  logoutFailed: 'Logout failed. Please try again.',
  notAuthenticated: 'Please log in to continue',
  forbidden: 'You do not have permission to perform this action',
  adminOnly: 'Access denied. Admin only.',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email format',
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordTooCommon: 'Password is too common. Choose a less predictable one.',
  emailTaken: 'An account with this email already exists',
  accountCreated: 'Account created successfully',
  signupFailed: 'Signup failed. Please try again.',
  profileUpdated: 'Profile updated successfully',
  currentPasswordRequired: 'Current password is required to set a new password',
  currentPasswordWrong: 'Current password is incorrect',
  userNotFound: 'User not found',
} as const;

export const GENERAL_MESSAGES = {
  validationFailed: 'Validation failed',
  notFound: 'Not found',
  internal: 'Something went wrong. Please try again.',
  unsupportedMediaType: 'Content-Type must be application/json',
  crossSite: 'Cross-site request refused',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  tooManyRequests: 'Too many requests. Please try again later.',
  methodNotAllowed: 'Method not allowed',
  busy: 'The service is busy. Please try again in a moment.',
  /** A single-line field (a name, a title, a city) with a line break or another control character in it. */
  singleLine: 'Must be on one line, without line breaks or control characters',
  /** 507: the database's disk is full, so the change was not saved (DESIGN §2). */
  storageFull: 'Our storage is full, so this change was not saved. Please try again later; nothing you saved before is lost.',
} as const;

export * from './admin.ts';
export * from './meeting.ts';
export * from './payments.ts';
export * from './registration.ts';
export * from './upload.ts';
export * from './mail.ts';
export * from './booking.ts';
export * from './privacy.ts';
