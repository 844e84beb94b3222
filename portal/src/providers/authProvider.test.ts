import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { addUser, createMockDb, MOCK_PASSWORD } from '../mocks/db.ts';
import { createHandlers } from '../mocks/handlers.ts';
import { server } from '../test/server.ts';
import { createAuthProvider } from './authProvider.ts';
import { ApiError } from './http.ts';
import { createApiClient, api } from '@bh/shared/contract';

/** Whom the API takes the browser's session for now (its profile call), or its status when none. */
async function signedInAs(): Promise<string | number> {
  const res = await fetch(new URL(createApiClient().url(api.user.profile), window.location.href));
  return res.ok ? ((await res.json()) as { user: { email: string } }).user.email : res.status;
}

function setup() {
  const db = createMockDb();
  server.use(...createHandlers(db));
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => calls.push(`${request.method} ${new URL(request.url).pathname}`));
  return { db, calls, auth: createAuthProvider() };
}

async function rejection(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => 'resolved',
    (error: unknown) => error,
  );
}

describe('the authProvider (cookie sessions)', () => {
  it('restores a session on start-up from the profile, once', async () => {
    const { db, calls, auth } = setup();
    const meera = addUser(db, { name: 'Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
    db.sessionUserId = meera._id;
    await auth.checkAuth({});
    expect(await auth.getIdentity?.()).toEqual({
      id: meera._id,
      fullName: 'Meera Rao',
      email: 'meera@example.in',
      role: 'doctor',
      isVerified: 'verified',
    });
    expect(await auth.getPermissions?.({})).toEqual({ role: 'doctor', isVerified: 'verified' });
    expect(calls).toEqual([`GET ${createApiClient().url(api.user.profile)}`]);
  });

  it('rejects checkAuth quietly (no toast) without a session', async () => {
    const { auth } = setup();
    expect(await rejection(auth.checkAuth({}))).toEqual({ message: false });
    expect(await auth.getPermissions?.({})).toBeNull();
  });

  it('signs in, sending remember-me, and returns the server message and the dashboard', async () => {
    const { db, auth } = setup();
    const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    let body: unknown;
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/user/login')) body = await request.clone().json();
    });
    const result = await auth.login({ email: 'priya@example.in', password: MOCK_PASSWORD, remember: true });
    expect(result).toEqual({ redirectTo: '/dashboard', message: 'Login Success' });
    expect(body).toEqual({ email: 'priya@example.in', password: MOCK_PASSWORD, remember: true });
    expect(await signedInAs()).toBe(priya.email);
    await auth.checkAuth({});
    expect(await auth.canAccess?.({ resource: 'payments', action: 'book' })).toBe(true);
    expect(await auth.canAccess?.({ resource: 'admin', action: 'view' })).toBe(false);
  });

  it('fails a refused login with the server message', async () => {
    const { auth } = setup();
    const error = await rejection(auth.login({ email: 'nobody@example.in', password: 'nope-nope' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError ? error.serverMessage : '').toBe('Invalid email or password');
  });

  it('logs out on the server unless the caller already did', async () => {
    const { db, calls, auth } = setup();
    const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    db.sessionUserId = priya._id;
    await auth.checkAuth({});
    expect(await auth.logout({})).toBe('/login');
    expect(calls).toContain(`POST ${createApiClient().url(api.user.logout)}`);
    expect(await signedInAs()).toBe(401);
    expect(await rejection(auth.checkAuth({}))).toEqual({ message: false });

    db.sessionUserId = priya._id;
    await auth.refreshUser();
    calls.length = 0;
    await auth.logout({ serverDone: true });
    expect(calls).toEqual([]);
  });

  it('ends the portal session on a 401 but not on a 403', async () => {
    const { db, auth } = setup();
    const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    db.sessionUserId = priya._id;
    await auth.checkAuth({});
    expect(await rejection(auth.checkError(new ApiError('Forbidden', 403, 'http', null)))).toBe('resolved');
    await auth.checkAuth({});
    expect(await rejection(auth.checkError(new ApiError('', 401, 'http', null)))).toBeInstanceOf(ApiError);
    expect(await rejection(auth.checkAuth({}))).toEqual({ message: false });
  });

  it('picks up a new verification status on refresh', async () => {
    const { db, auth } = setup();
    const vikram = addUser(db, { name: 'Vikram Shah', email: 'vikram@example.in', role: 'doctor' });
    db.sessionUserId = vikram._id;
    expect(await auth.getPermissions?.({})).toEqual({ role: 'doctor', isVerified: 'not_submitted' });
    vikram.isVerified = 'pending';
    expect(await auth.getPermissions?.({})).toEqual({ role: 'doctor', isVerified: 'not_submitted' });
    await auth.refreshUser();
    expect(await auth.getPermissions?.({})).toEqual({ role: 'doctor', isVerified: 'pending' });
  });

  it('does not mistake an outage for a signed-out user, and tries again next time', async () => {
    const { db, auth } = setup();
    const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    db.sessionUserId = priya._id;
    server.use(
      http.get(
        createApiClient().url(api.user.profile),
        () => HttpResponse.json({ success: false, message: 'The service is temporarily unavailable. Please try again shortly.' }, { status: 503 }),
        { once: true },
      ),
    );
    expect(await rejection(auth.checkAuth({}))).toEqual({ message: 'The service is temporarily unavailable. Please try again shortly.' });
    await auth.checkAuth({});
    expect(await auth.getPermissions?.({})).toEqual({ role: 'user', isVerified: 'not_submitted' });
  });
});
