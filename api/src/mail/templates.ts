import { BOOKING_MESSAGES, formatIstWithZone, type EmailTemplate, type RefundBand } from '@bh/shared';
import { meetingCalendar } from './calendar.ts';

/**
 * Every email the product sends, written once: subject, a plain-text part and an HTML part made
 * from the same paragraphs. Plain TypeScript rather than React Email: the API has no React, and
 * each email is a greeting, a few paragraphs and at most one button.
 *
 * What an email may say (DESIGN §7): names, the session's time and link. Never a password, an
 * identity or bank number, or anything about why someone sees a counsellor or cosmetologist.
 */

const BAND_LABELS: Record<RefundBand, string> = { full: BOOKING_MESSAGES.bandFull, half: BOOKING_MESSAGES.bandHalf, none: BOOKING_MESSAGES.bandNone };

export const REMINDER_TEMPLATES: readonly EmailTemplate[] = ['meeting-reminder-24h', 'meeting-reminder-1h'];

export interface RenderContext {
  /** Where the product is reached (PUBLIC_ORIGIN): links in emails point here. */
  origin: string;
  /** The one-time link of an invitation or reset, decrypted just before sending. */
  link?: string;
  /** Address of the calendar organizer (MAIL_FROM's address). */
  organizerEmail?: string;
  /** DTSTAMP of a calendar file; defaults to now. */
  stamp?: Date;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

type Block = { kind: 'p'; text: string } | { kind: 'button'; label: string; href: string } | { kind: 'facts'; rows: [string, string][] };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

function compose(subject: string, greeting: string, blocks: Block[], origin: string): Omit<RenderedEmail, 'calendar'> {
  const sign = 'Warm regards,\nThe Better Health team';
  const textParts = [greeting, ...blocks.map((b) => (b.kind === 'p' ? b.text : b.kind === 'button' ? `${b.label}: ${b.href}` : b.rows.map(([k, v]) => `${k}: ${v}`).join('\n'))), sign, `Better Health · ${origin}`];
  const htmlBlocks = blocks
    .map((b) => {
      if (b.kind === 'p') return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(b.text)}</p>`;
      if (b.kind === 'button') {
        return `<p style="margin:0 0 16px"><a href="${escapeHtml(b.href)}" style="display:inline-block;background:#2e7d6b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(b.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">Or open this link: ${escapeHtml(b.href)}</p>`;
      }
      const rows = b.rows.map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#555">${escapeHtml(k)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(v)}</td></tr>`).join('');
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
    })
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head><body style="margin:0;background:#f4f7f6;font-family:Arial,Helvetica,sans-serif;color:#1d2b28"><div style="max-width:560px;margin:0 auto;padding:24px"><p style="font-size:20px;font-weight:700;color:#2e7d6b;margin:0 0 24px">Better Health</p><div style="background:#ffffff;border-radius:8px;padding:24px"><p style="margin:0 0 16px">${escapeHtml(greeting)}</p>${htmlBlocks}<p style="margin:24px 0 0;white-space:pre-line">${escapeHtml(sign)}</p></div><p style="font-size:12px;color:#777;margin:16px 0 0">Better Health · <a href="${escapeHtml(origin)}" style="color:#777">${escapeHtml(origin)}</a></p></div></body></html>`;
  return { subject, text: textParts.join('\n\n') + '\n', html };
}

function field(data: Record<string, string>, key: string): string {
  const value = data[key];
  if (value === undefined) throw new Error(`email data is missing ${key}`);
  return value;
}

function needLink(ctx: RenderContext): string {
  if (!ctx.link) throw new Error('this email needs its one-time link');
  return ctx.link;
}

function meetingParts(data: Record<string, string>) {
  const startsAt = new Date(field(data, 'startsAt'));
  const forClient = field(data, 'audience') === 'client';
  const other = forClient ? field(data, 'doctorName') : field(data, 'clientName');
  return {
    startsAt,
    when: formatIstWithZone(startsAt),
    other,
    recipientName: forClient ? field(data, 'clientName') : field(data, 'doctorName'),
    meeting: {
      meetingId: field(data, 'meetingId'),
      startsAt,
      meetingLink: field(data, 'meetingLink'),
      clientName: field(data, 'clientName'),
      clientEmail: field(data, 'clientEmail'),
      doctorName: field(data, 'doctorName'),
      doctorEmail: field(data, 'doctorEmail'),
    },
  };
}

export function renderEmail(template: EmailTemplate, data: Record<string, string>, ctx: RenderContext): RenderedEmail {
  const origin = ctx.origin;
  const hello = (name: string) => `Hello ${name},`;
  switch (template) {
    case 'invitation':
      return compose(
        'You are invited to Better Health',
        hello(field(data, 'name')),
        [
          { kind: 'p', text: `An account has been created for you on Better Health as ${field(data, 'roleLabel')}. Choose your password to sign in.` },
          { kind: 'button', label: 'Set your password', href: needLink(ctx) },
          { kind: 'p', text: 'The link works once and for 72 hours. If it has expired, ask the Better Health team to send a new one.' },
        ],
        origin,
      );
    case 'password-reset':
      return compose(
        'Reset your Better Health password',
        hello(field(data, 'name')),
        [
          { kind: 'p', text: 'Someone asked to reset the password of your Better Health account. If it was you, choose a new password:' },
          { kind: 'button', label: 'Choose a new password', href: needLink(ctx) },
          { kind: 'p', text: 'The link works once and for 30 minutes. If you did not ask for it, you can ignore this email: your password stays as it is.' },
        ],
        origin,
      );
    case 'password-changed':
      return compose(
        'Your Better Health password was changed',
        hello(field(data, 'name')),
        [
          { kind: 'p', text: `The password of your Better Health account was changed on ${formatIstWithZone(field(data, 'changedAt'))}, and every device that was signed in has been signed out.` },
          { kind: 'p', text: `If this was not you, reset your password now at ${origin}/login and tell us at once.` },
        ],
        origin,
      );
    case 'meeting-scheduled':
    case 'meeting-rescheduled':
    case 'meeting-cancelled': {
      const m = meetingParts(data);
      const cancelled = template === 'meeting-cancelled';
      const rescheduled = template === 'meeting-rescheduled';
      const band = data.band as RefundBand | undefined;
      const email = compose(
        cancelled ? `Session cancelled: ${m.when}` : rescheduled ? `Session moved to ${m.when}` : `Session scheduled: ${m.when}`,
        hello(m.recipientName),
        cancelled
          ? [
              { kind: 'p', text: `Your session with ${m.other} on ${m.when} has been cancelled.` },
              ...(band ? [{ kind: 'p' as const, text: `Refund: ${BAND_LABELS[band]}.` }] : []),
              { kind: 'p', text: 'The attached calendar file removes it from your calendar. See your sessions in the portal.' },
              { kind: 'button', label: 'Open my dashboard', href: `${origin}/dashboard` },
            ]
          : rescheduled
          ? [
              { kind: 'p', text: `Your session with ${m.other} has moved from ${formatIstWithZone(field(data, 'previousStartsAt'))} to ${m.when}.` },
              { kind: 'facts', rows: [['When', m.when], ['Length', '90 minutes'], ['Join at', m.meeting.meetingLink]] },
              { kind: 'p', text: 'The attached calendar file updates the event in your calendar.' },
              { kind: 'button', label: 'Open my dashboard', href: `${origin}/dashboard` },
            ]
          : [
              { kind: 'p', text: `Your session with ${m.other} is scheduled.` },
              { kind: 'facts', rows: [['When', m.when], ['Length', '90 minutes'], ['Join at', m.meeting.meetingLink]] },
              { kind: 'p', text: 'The attached calendar file adds it to your calendar. The Join button on your dashboard opens 5 minutes before the start.' },
              { kind: 'button', label: 'Open my dashboard', href: `${origin}/dashboard` },
            ],
        origin,
      );
      const method = cancelled ? 'CANCEL' : 'REQUEST';
      const content = meetingCalendar(m.meeting, {
        method,
        origin,
        organizerEmail: ctx.organizerEmail ?? `sessions@${new URL(origin).hostname}`,
        stamp: ctx.stamp ?? new Date(),
        ...(data.sequence !== undefined ? { sequence: Number(data.sequence) } : {}),
      });
      return { ...email, calendar: { method, content } };
    }
    case 'meeting-reminder-24h':
    case 'meeting-reminder-1h': {
      const m = meetingParts(data);
      const soon = template === 'meeting-reminder-1h' ? 'in about an hour' : 'tomorrow';
      return compose(
        `Reminder: your session ${soon === 'tomorrow' ? 'tomorrow' : 'starts soon'}, ${m.when}`,
        hello(m.recipientName),
        [
          { kind: 'p', text: `A reminder: your session with ${m.other} starts ${soon}, on ${m.when}.` },
          { kind: 'facts', rows: [['When', m.when], ['Join at', m.meeting.meetingLink]] },
          { kind: 'button', label: 'Open my dashboard', href: `${origin}/dashboard` },
        ],
        origin,
      );
    }
    case 'application-verified':
      return compose(
        'Your Better Health application is verified',
        hello(field(data, 'name')),
        [
          { kind: 'p', text: 'Good news: your application has been reviewed and verified. You now have full access to the portal.' },
          { kind: 'button', label: 'Open the portal', href: `${origin}/dashboard` },
        ],
        origin,
      );
    case 'application-rejected':
      return compose(
        'Your Better Health application needs changes',
        hello(field(data, 'name')),
        [
          { kind: 'p', text: 'Your application has been reviewed and could not be verified yet. The reviewer wrote:' },
          { kind: 'p', text: `“${field(data, 'reason')}”` },
          { kind: 'p', text: 'Please correct your application and submit it again.' },
          { kind: 'button', label: 'Correct my application', href: `${origin}/details` },
        ],
        origin,
      );
    case 'coupon-link':
      return compose(
        'Your Better Health coupon',
        hello(field(data, 'name')),
        [
          { kind: 'p', text: `You asked for the coupon ${field(data, 'couponCode')} on our payment page (${field(data, 'planLabel')}). Here is its payment link:` },
          { kind: 'button', label: 'Proceed to Payment', href: needLink(ctx) },
          { kind: 'p', text: 'If you did not ask for it, you can ignore this email.' },
        ],
        origin,
      );
    case 'erasure-scheduled':
      return compose(
        'Your Better Health data will be erased',
        hello(field(data, 'name')),
        [
          { kind: 'p', text: `As you asked, your Better Health account will be closed and your personal data erased on ${formatIstWithZone(field(data, 'erasureAt'))}.` },
          { kind: 'p', text: 'Until then you can sign in and download your data from Privacy & my data. Afterwards you can no longer sign in. We keep only what the law makes us keep: the audit trail, the log of who read your documents, your consent records and this request, and your session records with your name and email removed.' },
          { kind: 'button', label: 'Download my data', href: `${origin}/privacy` },
          { kind: 'p', text: 'If you did not ask for this, reply to this email or contact our grievance officer at once.' },
        ],
        origin,
      );
  }
}
