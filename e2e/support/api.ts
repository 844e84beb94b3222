import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@bh/api/seed/demo';
import { api, API_BASE, createApiClient, successSchema, type CallInput, type CallResult, type OperationConfig } from '@bh/shared/contract';

/**
 * A small same-origin client for seeding journeys through the real API: every call goes through
 * an operation defined in `@bh/shared/contract` (a wrong path or body is a type error), keeps the
 * session cookie, and a successful answer is parsed with the operation's schema.
 */
export class ApiClient {
  readonly baseUrl: string;
  cookie = '';
  private readonly client: ReturnType<typeof createApiClient>;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
    this.client = createApiClient({
      base: `${baseUrl}${API_BASE}`,
      headers: () => ({ origin: this.baseUrl, ...(this.cookie ? { cookie: this.cookie } : {}) }),
    });
  }

  /** Sends the call; `json` is the parsed answer on success, the server's error envelope otherwise. */
  async call<O extends OperationConfig>(op: O, input?: CallInput<O>): Promise<{ status: number; json: CallResult<O> & { message?: string } }> {
    const res = await this.client.raw(op, (input ?? {}) as never);
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const text = await res.text();
    const json = (text ? JSON.parse(text) : {}) as unknown;
    const schema = res.ok ? successSchema(op) : undefined;
    return { status: res.status, json: (schema ? schema.parse(json) : json) as CallResult<O> & { message?: string } };
  }

  /** The URL of a call, for requests the client does not send itself (multipart, a browser's). */
  url<O extends OperationConfig>(op: O, input?: Pick<CallInput<O>, 'params' | 'query'>): string {
    return this.client.url(op, input);
  }

  /**
   * The movable clock of test runs (NODE_ENV=test, TEST_CLOCK=on): a test-only route outside the
   * product's contract, so it has no operation definition.
   */
  async testClock(method: 'GET' | 'PUT', now?: Date): Promise<{ status: number; json: { now?: string; message?: string } }> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...(now ? { 'content-type': 'application/json' } : {}) };
    const res = await fetch(`${this.baseUrl}${API_BASE}/test/clock`, { method, headers, ...(now ? { body: JSON.stringify({ now: now.toISOString() }) } : {}) });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as { now?: string; message?: string } };
  }

  async login(email: string, password: string): Promise<void> {
    const res = await this.call(api.user.login, { body: { email, password } });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status}`);
  }
}

/** Every operation of the contract, those with path parameters last (`/meeting/requests` before `/meeting/{meetingId}`). */
const OPERATIONS: OperationConfig[] = Object.values(api)
  .flatMap((area): OperationConfig[] => Object.values(area))
  .sort((a, b) => a.path.split('{').length - b.path.split('{').length);

const pathPattern = (path: string) => new RegExp(`^${path.replaceAll(/\{\w+\}/g, '[^/]+').replaceAll('.', '\\.')}$`);

/** The contract operation a request (a browser's, say) is a call of, found by its method and path. */
export function operationOf(method: string, url: string): OperationConfig | undefined {
  const path = new URL(url).pathname;
  if (!path.startsWith(`${API_BASE}/`)) return undefined;
  const relative = path.slice(API_BASE.length);
  return OPERATIONS.find((op) => op.method.toUpperCase() === method.toUpperCase() && pathPattern(op.path).test(relative));
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
