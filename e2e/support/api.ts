import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@bh/api/seed/demo';

/** A small same-origin API client for seeding journeys through the real API. */
export class ApiClient {
  readonly baseUrl: string;
  cookie = '';

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
    const headers: Record<string, string> = { origin: this.baseUrl };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}/api/v1${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as T };
  }

  async login(email: string, password: string): Promise<void> {
    const res = await this.call('POST', '/user/login', { email, password });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status}`);
  }
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@e2e.betterhealth.in`;
}

const byRole = (predicate: (a: (typeof DEMO_ACCOUNTS)[number]) => boolean) => DEMO_ACCOUNTS.find(predicate)!.email;

/** The demo logins a first start seeds (the same list the server prints). */
export const DEMO = {
  password: DEMO_PASSWORD,
  admin: byRole((a) => a.role === 'admin'),
  associate: byRole((a) => a.role === 'doctor' && a.isVerified === 'verified'),
  unverifiedAssociate: byRole((a) => a.role === 'doctor' && a.isVerified !== 'verified'),
  client: byRole((a) => a.role === 'user'),
} as const;
