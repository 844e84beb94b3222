import {
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  profileResponseSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
} from '../schemas/index.ts';
import { errorReply, jsonReply, operations, refusals, RULES } from './define.ts';

const op = operations('User');

const SESSION_COOKIE = { 'Set-Cookie': 'The session cookie `bh_session`.' };
const RETRY_ATTEMPT = { 'Retry-After': 'Seconds until the next attempt may start.' };
const RETRY_WAIT = { 'Retry-After': 'Seconds to wait.' };

export const user = {
  login: op('POST /user/login', 'userLogin', { access: 'public', summary: 'Sign in', body: loginRequestSchema,
    description: 'Starts a session: sets the `bh_session` cookie (HttpOnly, SameSite=Lax). "Remember me" makes it last longer. Errors never say whether the email exists.',
    responses: {
      200: jsonReply('Signed in.', loginResponseSchema, SESSION_COOKIE),
      400: refusals(RULES.email),
      401: 'Wrong email or password.',
      429: errorReply('Too many failed attempts for this account from this address, from this address, or for this account from new addresses; `Retry-After` says when to try again.', RETRY_ATTEMPT),
      503: errorReply('Too many sign-ins being checked at once; `Retry-After` says when to try again.', RETRY_WAIT),
    },
  }),

  logout: op('POST /user/logout', 'userLogout', { access: 'signedIn', summary: 'Sign out',
    description: 'Ends the session on the server and clears the cookie.',
    responses: { 200: jsonReply('Signed out.', messageResponseSchema) } }),

  profile: op('GET /user/profile', 'userProfile', { access: 'signedIn', summary: 'The signed-in account',
    responses: { 200: jsonReply('The account, with the rejection reason when an application was rejected.', profileResponseSchema) } }),

  updateProfile: op('PUT /user/profile/update', 'userUpdateProfile', { access: 'signedIn', summary: 'Change name or password', body: profileUpdateRequestSchema,
    description: "A new password needs the current one, ends the account's other sessions and every reset or invitation link still outstanding, and emails a \"your password was changed\" notice. Wrong current passwords are limited per account (10 in 15 minutes).",
    responses: {
      200: jsonReply('Updated.', loginResponseSchema),
      400: refusals(RULES.password, RULES.text, 'a wrong current password (limited per account: 429)', 'a body left out altogether (send `{}` to change nothing)'),
      429: errorReply('Too many wrong current passwords; `Retry-After` says when to try again.', RETRY_ATTEMPT),
      503: errorReply('Too many passwords being checked at once; `Retry-After` says when to try again.', RETRY_WAIT),
    },
  }),

  register: op('POST /user/register', 'userRegister', { access: 'verifiedAdmin', summary: 'Create an account', body: registerRequestSchema,
    description: 'Accounts are created by verified admins only; there is no anonymous sign-up (DESIGN §3).',
    responses: { 201: jsonReply('Created.', loginResponseSchema), 400: refusals(RULES.email, RULES.password, RULES.text), 409: 'An account with this email already exists.' } }),
};
