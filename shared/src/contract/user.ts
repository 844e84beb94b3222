import {
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  profileResponseSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
} from '../schemas/index.ts';
import { defineOperation, errorReply, jsonBody, jsonReply } from './define.ts';

const SESSION_COOKIE = { 'Set-Cookie': 'The session cookie `bh_session`.' };
const RETRY_ATTEMPT = { 'Retry-After': 'Seconds until the next attempt may start.' };
const RETRY_WAIT = { 'Retry-After': 'Seconds to wait.' };

export const user = {
  login: defineOperation({
    operationId: 'userLogin',
    method: 'post',
    path: '/user/login',
    tags: ['User'],
    summary: 'Sign in',
    description:
      'Starts a session: sets the `bh_session` cookie (HttpOnly, SameSite=Lax). "Remember me" makes it last longer. Errors never say whether the email exists.',
    access: 'public',
    request: { body: jsonBody(loginRequestSchema) },
    responses: {
      200: jsonReply('Signed in.', loginResponseSchema, SESSION_COOKIE),
      401: errorReply('Wrong email or password.'),
      429: errorReply(
        'Too many failed attempts for this account from this address, from this address, or for this account from new addresses; `Retry-After` says when to try again.',
        RETRY_ATTEMPT,
      ),
      503: errorReply('Too many sign-ins being checked at once; `Retry-After` says when to try again.', RETRY_WAIT),
    },
  }),

  logout: defineOperation({
    operationId: 'userLogout',
    method: 'post',
    path: '/user/logout',
    tags: ['User'],
    summary: 'Sign out',
    description: 'Ends the session on the server and clears the cookie.',
    access: 'signedIn',
    responses: { 200: jsonReply('Signed out.', messageResponseSchema) },
  }),

  profile: defineOperation({
    operationId: 'userProfile',
    method: 'get',
    path: '/user/profile',
    tags: ['User'],
    summary: 'The signed-in account',
    access: 'signedIn',
    responses: { 200: jsonReply('The account, with the rejection reason when an application was rejected.', profileResponseSchema) },
  }),

  updateProfile: defineOperation({
    operationId: 'userUpdateProfile',
    method: 'put',
    path: '/user/profile/update',
    tags: ['User'],
    summary: 'Change name or password',
    description:
      "A new password needs the current one and ends the account's other sessions. Wrong current passwords are limited per account (10 in 15 minutes).",
    access: 'signedIn',
    request: { body: jsonBody(profileUpdateRequestSchema) },
    responses: {
      200: jsonReply('Updated.', loginResponseSchema),
      429: errorReply('Too many wrong current passwords; `Retry-After` says when to try again.', RETRY_ATTEMPT),
      503: errorReply('Too many passwords being checked at once; `Retry-After` says when to try again.', RETRY_WAIT),
    },
  }),

  register: defineOperation({
    operationId: 'userRegister',
    method: 'post',
    path: '/user/register',
    tags: ['User'],
    summary: 'Create an account',
    description: 'Accounts are created by verified admins only; there is no anonymous sign-up (DESIGN §3).',
    access: 'verifiedAdmin',
    request: { body: jsonBody(registerRequestSchema) },
    responses: { 201: jsonReply('Created.', loginResponseSchema), 409: errorReply('An account with this email already exists.') },
  }),
};
