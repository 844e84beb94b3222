import { afterAll, beforeAll } from 'vitest';
import { Mailbox, type MailboxMessage } from '@bh/api/mail/mailbox';
import { cliAdmin, type Admin } from './seed.ts';
import { startProductServer, type ProductServer } from './server.ts';

/**
 * A real SMTP server on loopback for a journey: start the product with `SMTP_URL` pointing here
 * (and a short `MAIL_POLL_MS`), and read what it sent as a person's inbox would receive it.
 */
export async function startTestMailbox(): Promise<{ mailbox: Mailbox; env: Record<string, string> }> {
  const mailbox = new Mailbox();
  const url = await mailbox.listen();
  return { mailbox, env: { SMTP_URL: url, MAIL_POLL_MS: '100' } };
}

/** The one-time link an email carries to a portal page such as /login/welcome. */
export function linkTo(message: MailboxMessage, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}#token=[A-Za-z0-9_-]+`).exec(message.text);
  if (!match) throw new Error(`no ${path} link in "${message.subject}"`);
  return match[0];
}

/** A journey's own product server, the mailbox its email lands in, and its first admin. */
export interface MailedServer {
  readonly server: ProductServer;
  readonly mailbox: Mailbox;
  readonly admin: Admin;
}

/**
 * Starts, for the journey file, a mailbox and a product server that sends its email there (with
 * any further settings, e.g. a movable clock), and creates an admin with the CLI; both stop after
 * the file.
 */
export function useMailedServer(adminName: string, env: Record<string, string> = {}): MailedServer {
  let started: MailedServer | undefined;
  let mailbox: Mailbox | undefined;
  let server: ProductServer | undefined;
  beforeAll(async () => {
    const mail = await startTestMailbox();
    mailbox = mail.mailbox;
    server = await startProductServer({ env: { ...env, ...mail.env } });
    started = { server, mailbox, admin: await cliAdmin(server.baseUrl, server.dataDir, adminName) };
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
  });
  const get = (): MailedServer => {
    if (!started) throw new Error('the mailed server has not started');
    return started;
  };
  return {
    get server() {
      return get().server;
    },
    get mailbox() {
      return get().mailbox;
    },
    get admin() {
      return get().admin;
    },
  };
}
