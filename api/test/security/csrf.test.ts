import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../context.ts';
import { uploadFile } from '../uploads.ts';
import { changedCollections, fillPath, fingerprint, MULTIPART_ROUTES, unsafeRoutes, validApplication, type RouteKey } from './support.ts';

/**
 * Cross-site request forgery on every unsafe route the app serves (found from the app, so new
 * routes are covered): a browser on another site can make a signed-in admin's browser send
 * requests with the session cookie, so the server must refuse them by their Origin or
 * Sec-Fetch-Site, and refuse the body types an HTML form can send without a preflight.
 * Requests go over a real HTTP connection, as a browser's would, carrying a verified admin's
 * cookie and bodies that would succeed if the checks were missing; nothing may change.
 */

let ctx: TestContext;
let server: ServerType;
let origin: string;
let admin: { cookie: string; id: string };
let values: { meetingId: string; couponId: string; userId: string };
const bodies = new Map<string, unknown>();
const UNKNOWN_REQUEST_ID = new ObjectId().toHexString();

const PAYMENT_LINKS = {
  mentalHealthCounselling: { single: 'https://pay.example.in/a', bundle: 'https://pay.example.in/b' },
  cosmetologistConsultancy: { single: 'https://pay.example.in/c', bundle: 'https://pay.example.in/d' },
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin', 'verified');
  const client = await ctx.createUser({ role: 'user' });
  const doctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified' });
  const meeting = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
    cookie: admin.cookie,
    body: { clientId: client.email, doctorId: doctor.email, meetingDate: '2026-06-25', meetingTime: '11:00 AM', meetingLink: 'https://meet.example.in/x', formLink: 'https://forms.example.in/x' },
  });
  expect(meeting.status).toBe(201);
  const coupon = await ctx.request('POST', '/api/v1/payments/coupon', { cookie: admin.cookie, body: { couponCode: 'CSRFBASE', paymentLinks: PAYMENT_LINKS } });
  expect(coupon.status).toBe(201);
  const applicant = await ctx.signedIn('doctor', 'not_submitted');
  expect((await ctx.request('POST', '/api/v1/register/employees', { cookie: applicant.cookie, body: await validApplication(ctx, applicant.cookie) })).status).toBe(201);
  values = {
    meetingId: ((await meeting.json()) as { meeting: { _id: string } }).meeting._id,
    couponId: ((await coupon.json()) as { data: { _id: string } }).data._id,
    userId: applicant.id,
  };

  // Bodies that would do real harm if a forged request got through.
  bodies.set('POST /api/v1/user/register', { name: 'Planted Admin', email: 'planted@example.in', password: 'Planted-Pass-123', role: 'admin' });
  bodies.set('PUT /api/v1/user/profile/update', { name: 'Hijacked' });
  bodies.set('POST /api/v1/payments/coupon', { couponCode: 'FREEFORALL', paymentLinks: PAYMENT_LINKS });
  bodies.set('PATCH /api/v1/payments/coupon/:id/status', { isActive: false });
  bodies.set('PUT /api/v1/payments/default/:service/:planType', { paymentLink: 'https://evil.example/pay' });
  bodies.set('PUT /api/v1/meeting/:meetingId/report', { reportLink: 'https://evil.example/report' });
  bodies.set('POST /api/v1/register/reject-doctor/:userId', { reason: 'Forged' });
  bodies.set('POST /api/v1/meeting/create-meeting', {
    clientId: client.email,
    doctorId: doctor.email,
    meetingDate: '2026-06-26',
    meetingTime: '11:00 AM',
    meetingLink: 'https://evil.example/m',
    formLink: 'https://evil.example/f',
  });

  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: ctx.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function urlOf(route: RouteKey): string {
  const id = route.path.includes('coupon') ? values.couponId : values.meetingId;
  // A refund's id is its meeting's; no change request is open, so any well-formed id will do: a
  // forgery that got past the checks would answer 404, not the 403 or 415 expected.
  return (
    origin +
    fillPath(route.path, {
      meetingId: values.meetingId,
      id,
      userId: values.userId,
      refundId: values.meetingId,
      requestId: UNKNOWN_REQUEST_ID,
      service: 'mentalHealthCounselling',
      planType: 'single',
    })
  );
}

function jsonBodyFor(route: RouteKey): string {
  return JSON.stringify(bodies.get(route.key) ?? {});
}

type Body = string | Blob | FormData;

interface Forgery {
  label: string;
  headers: Record<string, string>;
  body?: Body;
  expected: readonly number[];
}

async function attempt(route: RouteKey, init: { headers: Record<string, string>; body?: Body }): Promise<{ status: number; text: string }> {
  const res = await fetch(urlOf(route), { method: route.method, headers: { cookie: admin.cookie, ...init.headers }, ...(init.body === undefined ? {} : { body: init.body }) });
  return { status: res.status, text: await res.text() };
}

/** What an attacker's page can make a browser send to each route. */
function forgeries(route: RouteKey): Forgery[] {
  const multipart = MULTIPART_ROUTES.has(route.key);
  const json = jsonBodyFor(route);
  const form = new FormData();
  form.append('field', 'resume');
  form.append('file', new Blob(['%PDF-1.4 forged']), 'x.pdf');
  const crossSite: Forgery[] = [
    { label: 'cross-site Origin', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: json, expected: [403] },
    { label: 'Origin null (sandboxed frame)', headers: { origin: 'null', 'content-type': 'application/json' }, body: json, expected: [403] },
    { label: 'Origin of a sibling subdomain', headers: { origin: 'http://evil.127.0.0.1.example', 'content-type': 'application/json' }, body: json, expected: [403] },
    { label: 'Sec-Fetch-Site: cross-site', headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }, body: json, expected: [403] },
    { label: 'Sec-Fetch-Site: same-site', headers: { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' }, body: json, expected: [403] },
    { label: 'cross-site multipart form', headers: { origin: 'https://evil.example' }, body: form, expected: [403] },
  ];
  if (multipart) {
    return [
      ...crossSite,
      { label: 'JSON body on the upload route', headers: { 'content-type': 'application/json' }, body: '{}', expected: [415] },
      { label: 'url-encoded form on the upload route', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'field=resume&file=x', expected: [415] },
      { label: 'text/plain on the upload route', headers: { 'content-type': 'text/plain' }, body: 'hello', expected: [415] },
    ];
  }
  return [
    ...crossSite,
    // The three types an HTML form sends without a preflight, each carrying JSON-looking text.
    { label: 'application/x-www-form-urlencoded', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `${json}=`, expected: [415, 403] },
    { label: 'text/plain', headers: { 'content-type': 'text/plain' }, body: json, expected: [415, 403] },
    { label: 'multipart/form-data', headers: {}, body: form, expected: [415, 403] },
    { label: 'a body with no content type', headers: {}, body: new Blob([json]), expected: [415, 403] },
  ];
}

describe('CSRF: every unsafe route refuses cross-site requests and form bodies', () => {
  it('covers every POST, PUT, PATCH and DELETE route the app serves', () => {
    const routes = unsafeRoutes(ctx).map((r) => r.key);
    expect(routes).toContain('POST /api/v1/uploads');
    expect(routes).toContain('DELETE /api/v1/meeting/:meetingId');
    expect(routes).toContain('DELETE /api/v1/admin/meetings/:id');
    expect(routes.length).toBeGreaterThanOrEqual(19);
  });

  it('answers 403 or 415 to every forgery, even with a verified admin’s cookie, and nothing changes', async () => {
    const before = await fingerprint(ctx.deps.db);
    const failures: string[] = [];
    let tried = 0;
    for (const route of unsafeRoutes(ctx)) {
      for (const forgery of forgeries(route)) {
        const res = await attempt(route, forgery);
        tried += 1;
        if (!forgery.expected.includes(res.status)) failures.push(`${route.key} ${forgery.label}: ${res.status} ${res.text}`);
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(19 * 10);
    expect(changedCollections(before, await fingerprint(ctx.deps.db))).toEqual([]);
    // The admin's session survived every forged logout.
    expect((await fetch(`${origin}/api/v1/user/profile`, { headers: { cookie: admin.cookie } })).status).toBe(200);
  });

  it('still serves the same requests from this origin (the checks are not blanket refusals)', async () => {
    const profile = await fetch(`${origin}/api/v1/user/profile/update`, {
      method: 'PUT',
      headers: { cookie: admin.cookie, origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Same Origin Admin' }),
    });
    expect(profile.status).toBe(200);
    const file = await uploadFile(ctx, admin.cookie, 'resume');
    expect(file).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{24}$/);
    // Non-browser clients send neither header; JSON still goes through.
    const cli = await fetch(`${origin}/api/v1/payments/coupon/${values.couponId}/status`, {
      method: 'PATCH',
      headers: { cookie: admin.cookie, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ isActive: false }),
    });
    expect(cli.status).toBe(200);
  });
});
