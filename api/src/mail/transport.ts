import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** SMTP timeouts stay well under the sender's lease, so a held lease never lapses mid-send. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** A nodemailer SMTP transport for `smtp://` or `smtps://` URLs (SMTP_URL). */
export function createSmtpTransport(url: string): Transporter {
  const parsed = new URL(url);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  return nodemailer.createTransport({
    url,
    ...SMTP_TIMEOUTS,
    // The local mailbox speaks plain SMTP on loopback; anything else must offer TLS.
    ...(loopback && parsed.protocol === 'smtp:' ? { ignoreTLS: true } : {}),
  } satisfies SMTPTransport.Options);
}

/** The address part of MAIL_FROM ('Better Health <care@example.in>' → 'care@example.in'). */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}
