import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { GENERAL_MESSAGES } from '../messages/index.ts';
import { adminListQuery } from './admin.ts';
import { markRefundBody, cancelMeetingRequest } from './booking.ts';
import { createMeetingRequest } from './meeting.ts';
import { inviteRequest } from './mail.ts';
import { verifyCouponRequest } from './payments.ts';
import { nomineeRequest, privacyDecisionRequest, privacyRequestCreate } from './privacy.ts';
import { createApplicationFormSchema, createApplicationRequestSchema, rejectRequest } from './registration.ts';
import { profileUpdateRequestSchema, registerRequestSchema } from './user.ts';
import { validApplication } from '../../test/application-fixture.ts';

/**
 * Single-line fields refuse line breaks and every other control character (issue 47, item 11: a
 * client's name `Rahul\r\n\r\nACTION NEEDED: …` became lines of the associate's email).
 */

const NOW = new Date('2026-03-10T08:30:00Z');
/** A whole application, its middle name filled in so that the field is checked too. */
const application = () => {
  const filled = validApplication();
  filled.personalInfo.middleName = 'K';
  return filled;
};

const applicationRequest = createApplicationRequestSchema(() => NOW);
const applicationForm = createApplicationFormSchema(() => NOW);
const account = { name: 'Rahul Mehta', email: 'rahul@example.in', password: 'Sturdy-Pass-2026', role: 'user' };
const usersQuery = (q: string) => ({ filter: JSON.stringify({ q }) });

interface Field {
  name: string;
  schema: z.ZodType;
  valid: () => unknown;
  path: readonly (string | number)[];
  /** How the value reaches the schema: set at `path` in `valid()`, or built by `wrap`. */
  wrap?: (text: string) => unknown;
}

const appField = (path: (string | number)[]): Field[] =>
  [
    { name: `application ${path.join('.')}`, schema: applicationRequest },
    { name: `application form ${path.join('.')}`, schema: applicationForm },
  ].map((f) => ({ ...f, valid: application, path }));

/** Every single-line text field of the request schemas the API and the forms share. */
const SINGLE_LINE_FIELDS: Field[] = [
  { name: 'create account: name', schema: registerRequestSchema, valid: () => account, path: ['name'] },
  { name: 'profile: name', schema: profileUpdateRequestSchema, valid: () => ({ name: 'Rahul' }), path: ['name'] },
  { name: 'invitation: name', schema: inviteRequest, valid: () => ({ name: 'Rahul', email: 'rahul@example.in', role: 'user' }), path: ['name'] },
  { name: 'nominee: name', schema: nomineeRequest, valid: () => ({ name: 'Meena', email: 'meena@example.in', relationship: 'Sister' }), path: ['name'] },
  { name: 'nominee: relationship', schema: nomineeRequest, valid: () => ({ name: 'Meena', email: 'meena@example.in', relationship: 'Sister' }), path: ['relationship'] },
  { name: 'refund: reference', schema: markRefundBody, valid: () => ({ reference: 'rfnd_123' }), path: ['reference'] },
  { name: 'coupon check: code', schema: verifyCouponRequest, valid: () => ({ couponCode: 'WELCOME10', email: null, isExistingUser: false }), path: ['couponCode'] },
  { name: 'admin users grid: search', schema: adminListQuery.users, valid: () => usersQuery('Rahul'), path: ['filter', 'q'], wrap: (q) => usersQuery(q) },
  ...appField(['personalInfo', 'firstName']),
  ...appField(['personalInfo', 'middleName']),
  ...appField(['personalInfo', 'lastName']),
  ...appField(['personalInfo', 'city']),
  ...appField(['personalInfo', 'state']),
  ...appField(['personalInfo', 'postalCode']),
  ...appField(['personalInfo', 'phone']),
  ...appField(['personalInfo', 'emergencyContact', 'name']),
  ...appField(['personalInfo', 'emergencyContact', 'relationship']),
  ...appField(['personalInfo', 'emergencyContact', 'phone']),
  ...appField(['employmentDetails', 0, 'organization']),
  ...appField(['employmentDetails', 0, 'jobTitle']),
  ...appField(['educationDetails', 0, 'degreeName']),
  ...appField(['educationDetails', 0, 'institutionName']),
  ...appField(['educationDetails', 0, 'major']),
  ...appField(['bankAccount', 'accountHolder']),
  ...appField(['bankAccount', 'bankName']),
  ...appField(['bankAccount', 'branchName']),
];

/** Line breaks of every kind, and the other control characters, inside or around visible text. */
const BREAKING = [
  'Rahul\r\n\r\nACTION NEEDED: confirm your payout at https://evil.example/payout',
  'Rahul\nMehta',
  'Rahul\rMehta',
  'Rahul\tMehta',
  'Rahul\u000bMehta',
  'Rahul\u000cMehta',
  'Rahul\u0085Mehta',
  'Rahul\u2028Mehta',
  'Rahul\u2029Mehta',
  'Rahul\u0000Mehta',
  'Rahul\u001b[31mMehta',
  'Rahul\u007fMehta',
  'Rahul\r\n',
  '\nRahul',
];

function withValue(field: Field, text: string): unknown {
  if (field.wrap) return field.wrap(text);
  const value = structuredClone(field.valid()) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = value;
  for (const key of field.path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[field.path.at(-1)!] = text;
  return value;
}

function messagesAt(schema: z.ZodType, value: unknown, path: readonly (string | number)[]): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join('.') === path.join('.')).map((i) => i.message);
}

describe('single-line fields', () => {
  it('every listed field accepts its valid value, so each refusal below is the field’s own', () => {
    for (const field of SINGLE_LINE_FIELDS) {
      const result = field.schema.safeParse(field.valid());
      expect(result.success, `${field.name}: ${result.error?.message ?? ''}`).toBe(true);
    }
  });

  it('refuses CR, LF, tab, NUL, ESC, DEL, C1 and the line separators with one message', () => {
    for (const field of SINGLE_LINE_FIELDS) {
      for (const text of BREAKING) {
        expect(messagesAt(field.schema, withValue(field, text), field.path), `${field.name} ${JSON.stringify(text)}`).toContain(GENERAL_MESSAGES.singleLine);
      }
    }
  });

  it('still cleans invisible formatting characters and composes to NFC, on one line', () => {
    expect(registerRequestSchema.parse({ ...account, name: '  Jose\u0301 \u202ERao\u200B ' }).name).toBe('José Rao');
  });

  it('keeps the field’s "required" message for a value with nothing visible, line breaks included', () => {
    for (const name of ['\r\n', '\u0000', '\t \u200B']) {
      const result = registerRequestSchema.safeParse({ ...account, name });
      expect(result.error?.issues.map((i) => i.message), JSON.stringify(name)).toEqual(['Name is required']);
    }
  });

  it('refuses control characters in links with the field’s invalid-link message', () => {
    const meeting = { clientId: 'a@example.in', doctorId: 'b@example.in', meetingDate: '2099-01-05', meetingTime: '10:00 AM', formLink: 'https://forms.example/f' };
    for (const link of ['https://meet.example/x\u0000y', 'https://meet.example/x\u001by', 'https://meet.example/x\r\nBcc: x@evil.example']) {
      expect(createMeetingRequest.safeParse({ ...meeting, meetingLink: link }).success, JSON.stringify(link)).toBe(false);
    }
    expect(createMeetingRequest.safeParse({ ...meeting, meetingLink: 'https://meet.example/room-1' }).success).toBe(true);
  });
});

describe('multi-line fields', () => {
  it('keep their line breaks: reasons, addresses, requests and answers', () => {
    const text = 'First line\nSecond line';
    expect(cancelMeetingRequest.parse({ reason: text }).reason).toBe(text);
    expect(rejectRequest.parse({ reason: text }).reason).toBe(text);
    expect(privacyRequestCreate.parse({ kind: 'grievance', details: text }).details).toBe(text);
    expect(privacyDecisionRequest.parse({ decision: 'accept', answer: text }).answer).toBe(text);
    const withAddress = application();
    withAddress.personalInfo.currentAddress = '12 MG Road\nBengaluru';
    expect(applicationRequest.parse(withAddress).personalInfo.currentAddress).toBe('12 MG Road\nBengaluru');
  });

  /** requiredText and optionalText keep line breaks: any use of them must be a field listed as multi-line. */
  it('are the only fields built with the multi-line helpers', () => {
    const MULTI_LINE = ['M.currentAddressRequired', 'M.permanentAddressRequired', 'P.requestDetailsRequired', 'P.answerRequired', 'optionalText(300, M.tooLong(300))'];
    const folder = dirname(fileURLToPath(import.meta.url));
    const uses: string[] = [];
    for (const name of readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(join(folder, name), 'utf8');
      for (const m of source.matchAll(/\b(?:requiredText|optionalText)\(([^)]*\)?)\)?/g)) {
        if (/^(?:export )?function /.test(source.slice(source.lastIndexOf('\n', m.index) + 1, m.index + m[0].length))) continue;
        uses.push(`${name}: ${m[0]}`);
      }
    }
    const unlisted = uses.filter((use) => !MULTI_LINE.some((allowed) => use.includes(allowed)));
    expect(unlisted).toEqual([]);
    expect(uses.length).toBeGreaterThanOrEqual(4);
  });
});
