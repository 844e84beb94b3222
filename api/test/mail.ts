import { afterAll } from 'vitest';
import { Mailbox, type MailboxMessage, type MailboxOptions } from '../src/mail/mailbox.ts';
import { MailSender, type SenderSettings } from '../src/mail/sender.ts';
import { createSmtpTransport } from '../src/mail/transport.ts';
import { createTestContext, type TestContext } from './context.ts';

/** Retries in milliseconds, so failing-server tests run in a blink. */
export const FAST_SENDER: Partial<SenderSettings> = { pollMs: 20, idleMs: 20, backoffMs: 10, maxBackoffMs: 40, maxAttempts: 3, leaseMs: 30_000, markTries: 3, markRetryMs: 10 };

export interface TestMail {
  mailbox: Mailbox;
  sender: MailSender;
  /** Runs the sender until nothing is due (at the test clock's now). */
  deliver(): Promise<number>;
  /** Emails received for one address, newest first. */
  to(address: string): MailboxMessage[];
}

/** A test file's context with its mail: `beforeAll(async () => ({ ctx, mail } = await createMailContext()))`. */
export async function createMailContext(): Promise<{ ctx: TestContext; mail: TestMail }> {
  const ctx = await createTestContext();
  return { ctx, mail: await startTestMail(ctx) };
}

/**
 * A real SMTP server on loopback (the same catch-all mailbox `pnpm start` runs) and a sender
 * delivering this test file's outbox to it over SMTP: no mock transport anywhere.
 */
export async function startTestMail(ctx: TestContext, options: MailboxOptions & { settings?: Partial<SenderSettings> } = {}): Promise<TestMail> {
  const mailbox = new Mailbox(options);
  const url = await mailbox.listen();
  const transport = createSmtpTransport(url);
  const sender = new MailSender(
    {
      db: ctx.deps.db,
      clock: ctx.deps.clock,
      log: ctx.deps.log,
      documentKey: ctx.deps.config.documentKey,
      transport,
      from: ctx.deps.config.mailFrom,
      publicOrigin: ctx.deps.config.publicOrigin,
    },
    { ...FAST_SENDER, ...options.settings },
  );
  afterAll(async () => {
    await sender.stop();
    transport.close();
    await mailbox.close();
  });
  return {
    mailbox,
    sender,
    async deliver() {
      let total = 0;
      for (let i = 0; i < 50; i += 1) {
        const n = await sender.runOnce();
        total += n;
        if (n === 0) break;
      }
      return total;
    },
    to: (address) => mailbox.messages.filter((m) => m.to.includes(address)),
  };
}

/** The one-time link in an email's text part. */
export function linkIn(message: MailboxMessage, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}#token=[A-Za-z0-9_-]+`).exec(message.text);
  if (!match) throw new Error(`no ${path} link in "${message.subject}"`);
  return match[0];
}

export const tokenOf = (link: string) => new URL(link).hash.replace(/^#token=/, '');
