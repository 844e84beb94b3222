import { asOneLine, BOOKING_MESSAGES, formatIstWithZone, type EmailTemplate, type RefundBand } from '@bh/shared';
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

/** A paragraph (a string), a button with its link shown beside it, or a table of facts. */
type Block = string | { button: string; href: string } | { facts: [string, string][] };

/** What one email says: its subject, whom it greets and its blocks in order. */
interface Letter {
  subject: string;
  to: string;
  blocks: Block[];
}

const SIGN = 'Warm regards,\nThe Better Health team';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

function blockText(block: Block): string {
  if (typeof block === 'string') return block;
  if ('button' in block) return `${block.button}: ${block.href}`;
  return block.facts.map(([k, v]) => `${k}: ${v}`).join('\n');
}

function blockHtml(block: Block): string {
  if (typeof block === 'string') return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block)}</p>`;
  if ('button' in block) {
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:#2e7d6b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(block.button)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">Or open this link: ${escapeHtml(block.href)}</p>`;
  }
  const rows = block.facts.map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#555">${escapeHtml(k)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(v)}</td></tr>`).join('');
  return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
}

function compose({ subject, to, blocks }: Letter, origin: string): Omit<RenderedEmail, 'calendar'> {
  const greeting = `Hello ${to},`;
  const text = [greeting, ...blocks.map(blockText), SIGN, `Better Health · ${origin}`].join('\n\n') + '\n';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head><body style="margin:0;background:#f4f7f6;font-family:Arial,Helvetica,sans-serif;color:#1d2b28"><div style="max-width:560px;margin:0 auto;padding:24px"><p style="font-size:20px;font-weight:700;color:#2e7d6b;margin:0 0 24px">Better Health</p><div style="background:#ffffff;border-radius:8px;padding:24px"><p style="margin:0 0 16px">${escapeHtml(greeting)}</p>${blocks.map(blockHtml).join('')}<p style="margin:24px 0 0;white-space:pre-line">${escapeHtml(SIGN)}</p></div><p style="font-size:12px;color:#777;margin:16px 0 0">Better Health · <a href="${escapeHtml(origin)}" style="color:#777">${escapeHtml(origin)}</a></p></div></body></html>`;
  return { subject, text, html };
}

type Fields = Record<string, string>;

function field(data: Fields, key: string): string {
  const value = data[key];
  if (value === undefined) throw new Error(`email data is missing ${key}`);
  return value;
}

/** A person's name, on one line whatever an earlier release stored (issue 47): it never starts a line of its own. */
const nameIn = (data: Fields, key: string) => asOneLine(field(data, key));

function needLink(ctx: RenderContext): string {
  if (!ctx.link) throw new Error('this email needs its one-time link');
  return ctx.link;
}

function meetingParts(data: Fields) {
  const startsAt = new Date(field(data, 'startsAt'));
  const forClient = field(data, 'audience') === 'client';
  const other = forClient ? nameIn(data, 'doctorName') : nameIn(data, 'clientName');
  return {
    startsAt,
    when: formatIstWithZone(startsAt),
    other,
    recipientName: forClient ? nameIn(data, 'clientName') : nameIn(data, 'doctorName'),
    meeting: {
      meetingId: field(data, 'meetingId'),
      startsAt,
      meetingLink: field(data, 'meetingLink'),
      clientName: nameIn(data, 'clientName'),
      clientEmail: field(data, 'clientEmail'),
      doctorName: nameIn(data, 'doctorName'),
      doctorEmail: field(data, 'doctorEmail'),
    },
  };
}

type MeetingTemplate = Extract<EmailTemplate, `meeting-${string}`>;
type AccountTemplate = Exclude<EmailTemplate, MeetingTemplate>;

/** The emails about an account, an application, a coupon or an erasure: each greets `name`. */
const ACCOUNT_LETTERS: Record<AccountTemplate, (data: Fields, ctx: RenderContext) => Omit<Letter, 'to'>> = {
  invitation: (data, ctx) => ({
    subject: 'You are invited to Better Health',
    blocks: [
      `An account has been created for you on Better Health as ${field(data, 'roleLabel')}. Choose your password to sign in.`,
      { button: 'Set your password', href: needLink(ctx) },
      'The link works once and for 72 hours. If it has expired, ask the Better Health team to send a new one.',
    ],
  }),
  'password-reset': (_data, ctx) => ({
    subject: 'Reset your Better Health password',
    blocks: [
      'Someone asked to reset the password of your Better Health account. If it was you, choose a new password:',
      { button: 'Choose a new password', href: needLink(ctx) },
      'The link works once and for 30 minutes. If you did not ask for it, you can ignore this email: your password stays as it is.',
    ],
  }),
  'password-changed': (data, ctx) => ({
    subject: 'Your Better Health password was changed',
    blocks: [
      `The password of your Better Health account was changed on ${formatIstWithZone(field(data, 'changedAt'))}, and every device that was signed in has been signed out.`,
      `If this was not you, reset your password now at ${ctx.origin}/login and tell us at once.`,
    ],
  }),
  'application-verified': (_data, ctx) => ({
    subject: 'Your Better Health application is verified',
    blocks: ['Good news: your application has been reviewed and verified. You now have full access to the portal.', { button: 'Open the portal', href: `${ctx.origin}/dashboard` }],
  }),
  'application-rejected': (data, ctx) => ({
    subject: 'Your Better Health application needs changes',
    blocks: [
      'Your application has been reviewed and could not be verified yet. The reviewer wrote:',
      `“${field(data, 'reason')}”`,
      'Please correct your application and submit it again.',
      { button: 'Correct my application', href: `${ctx.origin}/details` },
    ],
  }),
  'coupon-link': (data, ctx) => ({
    subject: 'Your Better Health coupon',
    blocks: [
      `You asked for the coupon ${field(data, 'couponCode')} on our payment page (${field(data, 'planLabel')}). Here is its payment link:`,
      { button: 'Proceed to Payment', href: needLink(ctx) },
      'If you did not ask for it, you can ignore this email.',
    ],
  }),
  'erasure-scheduled': (data, ctx) => ({
    subject: 'Your Better Health data will be erased',
    blocks: [
      `As you asked, your Better Health account will be closed and your personal data erased on ${formatIstWithZone(field(data, 'erasureAt'))}.`,
      'Until then you can sign in and download your data from Privacy & my data. Afterwards you can no longer sign in. We keep only what the law makes us keep: the audit trail, the log of who read your documents, your consent records and this request, and your session records with your name and email removed.',
      { button: 'Download my data', href: `${ctx.origin}/privacy` },
      'If you did not ask for this, reply to this email or contact our grievance officer at once.',
    ],
  }),
};

/** A session's email to its client or its BH Associate (`audience`). */
function meetingLetter(template: MeetingTemplate, data: Fields, m: ReturnType<typeof meetingParts>, origin: string): Letter {
  const dashboard: Block = { button: 'Open my dashboard', href: `${origin}/dashboard` };
  const facts: Block = { facts: [['When', m.when], ['Length', '90 minutes'], ['Join at', m.meeting.meetingLink]] };
  const to = m.recipientName;
  switch (template) {
    case 'meeting-scheduled':
      return {
        subject: `Session scheduled: ${m.when}`,
        to,
        blocks: [
          `Your session with ${m.other} is scheduled.`,
          facts,
          'The attached calendar file adds it to your calendar. The Join button on your dashboard opens 5 minutes before the start.',
          dashboard,
        ],
      };
    case 'meeting-rescheduled':
      return {
        subject: `Session moved to ${m.when}`,
        to,
        blocks: [
          `Your session with ${m.other} has moved from ${formatIstWithZone(field(data, 'previousStartsAt'))} to ${m.when}.`,
          facts,
          'The attached calendar file updates the event in your calendar.',
          dashboard,
        ],
      };
    case 'meeting-cancelled': {
      const band = data.band as RefundBand | undefined;
      return {
        subject: `Session cancelled: ${m.when}`,
        to,
        blocks: [
          `Your session with ${m.other} on ${m.when} has been cancelled.`,
          ...(band ? [`Refund: ${BAND_LABELS[band]}.`] : []),
          'The attached calendar file removes it from your calendar. See your sessions in the portal.',
          dashboard,
        ],
      };
    }
    case 'meeting-reminder-24h':
    case 'meeting-reminder-1h': {
      const soon = template === 'meeting-reminder-1h' ? 'in about an hour' : 'tomorrow';
      return {
        subject: `Reminder: your session ${soon === 'tomorrow' ? 'tomorrow' : 'starts soon'}, ${m.when}`,
        to,
        blocks: [`A reminder: your session with ${m.other} starts ${soon}, on ${m.when}.`, { facts: [['When', m.when], ['Join at', m.meeting.meetingLink]] }, dashboard],
      };
    }
  }
}

const isMeetingTemplate = (template: EmailTemplate): template is MeetingTemplate => template.startsWith('meeting-');

export function renderEmail(template: EmailTemplate, data: Fields, ctx: RenderContext): RenderedEmail {
  const origin = ctx.origin;
  if (!isMeetingTemplate(template)) return compose({ to: nameIn(data, 'name'), ...ACCOUNT_LETTERS[template](data, ctx) }, origin);
  const m = meetingParts(data);
  const email = compose(meetingLetter(template, data, m, origin), origin);
  if (REMINDER_TEMPLATES.includes(template)) return email;
  // Scheduled, moved and cancelled sessions carry a calendar file that updates the event.
  const method = template === 'meeting-cancelled' ? 'CANCEL' : 'REQUEST';
  const content = meetingCalendar(m.meeting, {
    method,
    origin,
    organizerEmail: ctx.organizerEmail ?? `sessions@${new URL(origin).hostname}`,
    stamp: ctx.stamp ?? new Date(),
    ...(data.sequence !== undefined ? { sequence: Number(data.sequence) } : {}),
  });
  return { ...email, calendar: { method, content } };
}
