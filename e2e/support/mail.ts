import { Mailbox, type MailboxMessage } from '@bh/api/mail/mailbox';

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
