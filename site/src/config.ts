import { z } from 'zod';
import { CONTACT, GRIEVANCE_OFFICER_DEFAULTS, type ContactChannels } from '@bh/shared/catalog/contact';

/**
 * The site's build-time settings: how people reach Better Health and the public origin. Each one is
 * a `PUBLIC_*` environment variable read when the site is built; unset ones keep the stand-ins in
 * `@bh/shared/catalog/contact` (reserved `.example` names). Components read these values only from
 * here, so a deployment sets them once (docs/settings.md, "Site settings").
 */
export const SITE_SETTING_VARIABLES = {
  siteOrigin: 'PUBLIC_SITE_URL',
  phone: 'PUBLIC_PHONE',
  phoneDisplay: 'PUBLIC_PHONE_DISPLAY',
  whatsappUrl: 'PUBLIC_WHATSAPP_URL',
  email: 'PUBLIC_EMAIL',
  instagramUrl: 'PUBLIC_INSTAGRAM_URL',
  instagramHandle: 'PUBLIC_INSTAGRAM_HANDLE',
  linkedinUrl: 'PUBLIC_LINKEDIN_URL',
  callBackUrl: 'PUBLIC_CALL_BACK_URL',
  financialAidFormUrl: 'PUBLIC_FINANCIAL_AID_FORM_URL',
  supportHours: 'PUBLIC_SUPPORT_HOURS',
} as const satisfies Record<keyof ContactChannels, `PUBLIC_${string}`>;

const webAddress = z.url({ protocol: /^https?$/, error: 'must be an http(s) address' });
const text = z.string().trim().min(1, 'must not be empty');

const settingsSchema = z.object({
  siteOrigin: webAddress.transform((url) => new URL(url).origin),
  phone: z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, e.g. +919000012345'),
  phoneDisplay: text,
  whatsappUrl: webAddress,
  email: z.email('must be an e-mail address'),
  instagramUrl: webAddress,
  instagramHandle: text,
  linkedinUrl: webAddress,
  callBackUrl: webAddress,
  financialAidFormUrl: webAddress,
  supportHours: text,
}) satisfies z.ZodType<ContactChannels, unknown>;

/**
 * Reads the settings from `env`, falling back to the stand-ins. A phone number set alone also
 * becomes the displayed number and the WhatsApp chat, unless those are set too. `SITE_URL`, the
 * older name of `PUBLIC_SITE_URL`, is still read. A malformed value stops the build with its name.
 */
export function readSiteSettings(env: Record<string, string | undefined>): ContactChannels {
  const given = (key: keyof ContactChannels): string | undefined => {
    const value = env[SITE_SETTING_VARIABLES[key]]?.trim();
    return value === '' ? undefined : value;
  };
  const phone = given('phone');
  const raw = {
    ...CONTACT,
    ...Object.fromEntries(
      (Object.keys(SITE_SETTING_VARIABLES) as (keyof ContactChannels)[]).flatMap((key) => {
        const value = given(key);
        return value === undefined ? [] : [[key, value]];
      }),
    ),
    siteOrigin: given('siteOrigin') ?? (env.SITE_URL?.trim() || CONTACT.siteOrigin),
    phoneDisplay: given('phoneDisplay') ?? phone ?? CONTACT.phoneDisplay,
    whatsappUrl: given('whatsappUrl') ?? (phone ? `https://wa.me/${phone.replace(/\D/g, '')}` : CONTACT.whatsappUrl),
  };
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = issue.path[0] as keyof ContactChannels;
      return `${SITE_SETTING_VARIABLES[key] ?? String(key)} ${issue.message}`;
    });
    throw new Error(`Invalid site settings: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** The settings of this build. */
export const SITE_SETTINGS: ContactChannels = readSiteSettings(process.env);

/**
 * The grievance officer named in the privacy policy (DPDP Act 2023 s. 13): PUBLIC_GRIEVANCE_OFFICER_NAME,
 * _EMAIL and _PHONE, read at build time like the contact channels. The API shows the same person on
 * the portal's privacy page from GRIEVANCE_OFFICER_*; set both.
 */
export interface GrievanceOfficerSetting {
  name: string;
  email: string;
  phone: string | null;
}

export function readGrievanceOfficer(env: Record<string, string | undefined>): GrievanceOfficerSetting {
  const given = (name: string) => env[name]?.trim() || undefined;
  const raw = {
    name: given('PUBLIC_GRIEVANCE_OFFICER_NAME') ?? GRIEVANCE_OFFICER_DEFAULTS.name,
    email: given('PUBLIC_GRIEVANCE_OFFICER_EMAIL') ?? GRIEVANCE_OFFICER_DEFAULTS.email,
    phone: given('PUBLIC_GRIEVANCE_OFFICER_PHONE') ?? GRIEVANCE_OFFICER_DEFAULTS.phone,
  };
  const parsed = z.object({ name: text, email: z.email('must be an e-mail address'), phone: text.nullable() }).safeParse(raw);
  if (!parsed.success) {
    const key = String(parsed.error.issues[0]?.path[0] ?? 'name').toUpperCase();
    throw new Error(`Invalid site settings: PUBLIC_GRIEVANCE_OFFICER_${key} ${parsed.error.issues[0]?.message ?? ''}`);
  }
  return parsed.data;
}

export const GRIEVANCE_OFFICER: GrievanceOfficerSetting = readGrievanceOfficer(process.env);
