import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api.ts';
import { startProductServer, type ProductServer } from '../support/server.ts';
import { api as ops } from '@bh/shared/contract';

/**
 * `pnpm start` on a fresh data folder with no SMTP_URL: it says where the demo's emails can be
 * read, and they are there, received over SMTP by the local catch-all mailbox.
 */
describe('the local mailbox of a fresh start', () => {
  let server: ProductServer;
  beforeAll(async () => {
    server = await startProductServer({ env: { SMTP_URL: '', MAIL_POLL_MS: '100' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('prints its address, and shows an email the product sent', async () => {
    expect(server.output()).toContain(`Emails go to a local mailbox (no SMTP_URL set): read them at ${server.baseUrl}/dev/mailbox`);
    const api = new ApiClient(server.baseUrl);
    const res = await api.call(ops.accountLinks.forgotPassword, { body: { email: 'admin@demo.betterhealth.in' } });
    expect(res.status).toBe(200);

    let list = '';
    for (let i = 0; i < 100 && !list.includes('Reset your Better Health password'); i += 1) {
      await new Promise((r) => setTimeout(r, 200));
      list = await (await fetch(`${server.baseUrl}/dev/mailbox`)).text();
    }
    expect(list).toContain('admin@demo.betterhealth.in');
    const href = /href="(\/dev\/mailbox\/\d+)"/.exec(list)?.[1];
    const message = await (await fetch(`${server.baseUrl}${href}`)).text();
    expect(message).toContain('/login/reset#token=');
  });

  it('counts the outbox in readiness once its sender has polled it', async () => {
    let ready: { status: string; checks: Record<string, string> } = { status: '', checks: {} };
    for (let i = 0; i < 50 && ready.checks.outbox !== 'ok'; i += 1) {
      ready = (await (await fetch(new ApiClient(server.baseUrl).url(ops.health.ready))).json()) as typeof ready;
      if (ready.checks.outbox !== 'ok') await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready).toEqual({ status: 'ok', checks: { db: 'ok', outbox: 'ok' } });
  });
});
