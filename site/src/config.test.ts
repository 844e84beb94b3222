// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTACT, GRIEVANCE_OFFICER_DEFAULTS } from '@bh/shared/catalog/contact';
import { readGrievanceOfficer, readSiteSettings, SITE_SETTING_VARIABLES } from './config.ts';

const SRC = new URL('.', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.(astro|tsx?)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('site settings', () => {
  it('keeps the .example stand-ins when nothing is set', () => {
    expect(readSiteSettings({})).toEqual(CONTACT);
  });

  it('takes every contact detail and outside link from its PUBLIC_* variable', () => {
    const settings = readSiteSettings({
      PUBLIC_SITE_URL: 'https://care.example.org/ignored-path',
      PUBLIC_PHONE: '+918000000001',
      PUBLIC_PHONE_DISPLAY: '+91 80000 00001',
      PUBLIC_WHATSAPP_URL: 'https://wa.me/918000000002',
      PUBLIC_EMAIL: 'hello@care.example.org',
      PUBLIC_INSTAGRAM_URL: 'https://instagram.example.org/care',
      PUBLIC_INSTAGRAM_HANDLE: '@care',
      PUBLIC_LINKEDIN_URL: 'https://linkedin.example.org/care',
      PUBLIC_CALL_BACK_URL: 'https://cal.example.org/call',
      PUBLIC_FINANCIAL_AID_FORM_URL: 'https://forms.example.org/aid',
      PUBLIC_SUPPORT_HOURS: 'Every day, 9 am to 9 pm IST',
    });
    expect(settings).toEqual({
      siteOrigin: 'https://care.example.org',
      phone: '+918000000001',
      phoneDisplay: '+91 80000 00001',
      whatsappUrl: 'https://wa.me/918000000002',
      email: 'hello@care.example.org',
      instagramUrl: 'https://instagram.example.org/care',
      instagramHandle: '@care',
      linkedinUrl: 'https://linkedin.example.org/care',
      callBackUrl: 'https://cal.example.org/call',
      financialAidFormUrl: 'https://forms.example.org/aid',
      supportHours: 'Every day, 9 am to 9 pm IST',
    });
  });

  it('derives the displayed number and the WhatsApp chat from a phone number set alone, and reads the older SITE_URL', () => {
    const settings = readSiteSettings({ PUBLIC_PHONE: '+918000000001', SITE_URL: 'https://staging.example.org' });
    expect(settings.phoneDisplay).toBe('+918000000001');
    expect(settings.whatsappUrl).toBe('https://wa.me/918000000001');
    expect(settings.siteOrigin).toBe('https://staging.example.org');
  });

  it('stops the build on a malformed value, naming the variable', () => {
    expect(() => readSiteSettings({ PUBLIC_CALL_BACK_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_CALL_BACK_URL/);
    expect(() => readSiteSettings({ PUBLIC_EMAIL: 'not-an-address' })).toThrow(/PUBLIC_EMAIL/);
    expect(() => readSiteSettings({ PUBLIC_PHONE: '9000012345' })).toThrow(/PUBLIC_PHONE/);
  });

  it('is the only place in the site that reads the contact stand-ins', () => {
    const readers = sourceFiles(SRC).filter((file) => readFileSync(file, 'utf8').includes('catalog/contact'));
    expect(readers.map((file) => file.slice(SRC.length))).toEqual(['config.test.ts', 'config.ts']);
  });

  it('lists every setting on the settings page (docs/settings.md)', () => {
    const page = readFileSync(join(SRC, '..', '..', 'docs', 'settings.md'), 'utf8');
    for (const name of Object.values(SITE_SETTING_VARIABLES)) expect(page).toContain(`\`${name}\``);
  });
});

describe('grievance officer setting', () => {
  it('keeps the stand-in, takes each PUBLIC_GRIEVANCE_OFFICER_* variable, and names a malformed one', () => {
    expect(readGrievanceOfficer({})).toEqual(GRIEVANCE_OFFICER_DEFAULTS);
    expect(readGrievanceOfficer({ PUBLIC_GRIEVANCE_OFFICER_NAME: 'R. Iyer', PUBLIC_GRIEVANCE_OFFICER_EMAIL: 'dpo@care.example.org', PUBLIC_GRIEVANCE_OFFICER_PHONE: '+91 80000 00003' })).toEqual({
      name: 'R. Iyer',
      email: 'dpo@care.example.org',
      phone: '+91 80000 00003',
    });
    expect(() => readGrievanceOfficer({ PUBLIC_GRIEVANCE_OFFICER_EMAIL: 'not-an-email' })).toThrow('PUBLIC_GRIEVANCE_OFFICER_EMAIL');
  });
});
