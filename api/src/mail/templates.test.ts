import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATES } from '@bh/shared';
import { renderEmail, REMINDER_TEMPLATES } from './templates.ts';

/**
 * Every template, rendered from one set of data: the plain-text and HTML parts say the same
 * things, whatever a person typed is escaped in the HTML, and only a session that was scheduled,
 * moved or cancelled carries a calendar file.
 */

const DATA: Record<string, string> = {
  name: 'Asha <b>Rao</b>',
  roleLabel: 'a BH Associate',
  changedAt: '2026-06-15T06:30:00.000Z',
  startsAt: '2026-06-16T06:30:00.000Z',
  previousStartsAt: '2026-06-15T08:30:00.000Z',
  audience: 'client',
  clientName: 'Priya & Co',
  clientEmail: 'priya@example.in',
  doctorName: 'Meera <i>Rao</i>',
  doctorEmail: 'meera@example.in',
  meetingId: '0123456789abcdef01234567',
  meetingLink: 'https://meet.example.in/abc',
  band: 'half',
  sequence: '2',
  reason: 'The <PAN> image is "unreadable"',
  couponCode: 'NEW10',
  planLabel: 'Mental health counselling, single session',
  erasureAt: '2026-07-15T06:30:00.000Z',
};
const CTX = { origin: 'https://bh.example.in', link: 'https://bh.example.in/login/reset#token=abc', organizerEmail: 'sessions@example.in', stamp: new Date('2026-06-01T00:00:00Z') };

/** The HTML's visible text, tags dropped, entities read back and white space collapsed. */
const visible = (html: string) =>
  html
    .replace(/<title>.*?<\/title>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('email templates', () => {
  for (const template of EMAIL_TEMPLATES) {
    it(`${template}: the text and the HTML carry the same lines, escaped in the HTML`, () => {
      const email = renderEmail(template, DATA, CTX);
      const greeted = template.startsWith('meeting-') ? 'Priya & Co' : 'Asha <b>Rao</b>';
      expect(email.text.startsWith(`Hello ${greeted},\n\n`)).toBe(true);
      expect(email.text.endsWith('Warm regards,\nThe Better Health team\n\nBetter Health · https://bh.example.in\n')).toBe(true);
      for (const typed of Object.values(DATA).filter((v) => v.includes('<'))) expect(email.html).not.toContain(typed);
      expect(email.html).toContain(`<title>${email.subject.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}</title>`);
      const shown = visible(email.html);
      // Every line of the text part is shown in the HTML part (a button's "label: link" as its two halves).
      for (const line of email.text.split('\n').filter(Boolean)) {
        for (const part of line.split(/: (?=https:\/\/)/)) expect(shown, line).toContain(part.replace(/^(When|Length|Join at): /, '$1 '));
      }
      const withCalendar = template.startsWith('meeting-') && !REMINDER_TEMPLATES.includes(template);
      expect(email.calendar?.method).toBe(withCalendar ? (template === 'meeting-cancelled' ? 'CANCEL' : 'REQUEST') : undefined);
    });
  }

  it('a cancellation names the refund band only when one is due', () => {
    expect(renderEmail('meeting-cancelled', DATA, CTX).text).toContain('Refund: 50% refund.');
    const { band: _band, ...noBand } = DATA;
    expect(renderEmail('meeting-cancelled', noBand, CTX).text).not.toContain('Refund:');
  });

  it('refuses to render without the data or the one-time link a template needs', () => {
    const { name: _name, ...nameless } = DATA;
    expect(() => renderEmail('application-verified', nameless, CTX)).toThrow('email data is missing name');
    expect(() => renderEmail('password-reset', DATA, { origin: CTX.origin })).toThrow('this email needs its one-time link');
  });
});
