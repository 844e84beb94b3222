/**
 * How people reach Better Health, and the public web address. The spec names these channels but
 * not their values, so every value lives here and nowhere else: the company replaces them in this
 * one file. Where the real value is not known, reserved example names are used (the `.example`
 * domain is reserved by RFC 2606 and never resolves to anyone else's site).
 */
export interface ContactChannels {
  /** Public origin of the site, used for canonical URLs, the sitemap and social previews. */
  siteOrigin: string;
  /** Phone number as dialled, in E.164 form. */
  phone: string;
  /** The same number as people read it. */
  phoneDisplay: string;
  /** WhatsApp chat with the support number (wa.me expects digits only, no plus sign). */
  whatsappUrl: string;
  email: string;
  instagramUrl: string;
  instagramHandle: string;
  linkedinUrl: string;
  /** External calendar where visitors pick a slot for a call back (header 'Request a Call Back'). */
  callBackUrl: string;
  /** External application form for the financial-aid programme ('Apply Now'). */
  financialAidFormUrl: string;
  /** Support hours, India Standard Time. */
  supportHours: string;
}

const PHONE_DIGITS = '919000012345';

export const CONTACT: ContactChannels = {
  siteOrigin: 'https://www.betterhealth.example',
  phone: `+${PHONE_DIGITS}`,
  phoneDisplay: '+91 90000 12345',
  whatsappUrl: `https://wa.me/${PHONE_DIGITS}`,
  email: 'care@betterhealth.example',
  instagramUrl: 'https://www.instagram.com/betterhealth.example/',
  instagramHandle: '@betterhealth.example',
  linkedinUrl: 'https://www.linkedin.com/company/betterhealth-example/',
  callBackUrl: 'https://calendar.betterhealth.example/call-back',
  financialAidFormUrl: 'https://forms.betterhealth.example/financial-aid',
  supportHours: 'Monday to Saturday, 10 am to 7 pm IST',
};

/**
 * The grievance officer (DPDP Act 2023 s. 8(10), s. 13): shown in the privacy policy and on the
 * portal's privacy page. The API reads GRIEVANCE_OFFICER_* and the site PUBLIC_GRIEVANCE_OFFICER_*;
 * unset, both show these stand-ins.
 */
export const GRIEVANCE_OFFICER_DEFAULTS = {
  name: 'Grievance Officer, Better Health',
  email: 'grievance@betterhealth.example',
  phone: null as string | null,
};
