/**
 * The services catalogue and prices (spec §9). One source for the site, the portal and the API.
 */
export const SERVICE_KEYS = ['mentalHealthCounselling', 'cosmetologistConsultancy'] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

export const PLAN_TYPES = ['single', 'bundle'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export interface Plan {
  type: PlanType;
  name: string;
  /** Price in rupees. */
  price: number;
  /** Struck-through reference price in rupees, when the plan is discounted. */
  originalPrice?: number;
  sessions: number;
  description: string;
  bestValue?: boolean;
}

export interface Service {
  key: ServiceKey;
  displayName: string;
  /** Slug used in public payment URLs (spec §2.1). */
  slug: string;
  sitePath: string;
  plans: Plan[];
}

export const SERVICES: Record<ServiceKey, Service> = {
  mentalHealthCounselling: {
    key: 'mentalHealthCounselling',
    displayName: 'Mental Health Counselling',
    slug: 'mental-Health-Counselling',
    sitePath: '/mental-health',
    plans: [
      {
        type: 'single',
        name: 'Single Session',
        price: 1250,
        sessions: 1,
        description: 'One confidential video counselling session with a BH Associate.',
      },
      {
        type: 'bundle',
        name: '3-Session Pack',
        price: 3000,
        originalPrice: 3750,
        sessions: 3,
        description: 'Three counselling sessions with the same BH Associate, for steady progress.',
        bestValue: true,
      },
    ],
  },
  cosmetologistConsultancy: {
    key: 'cosmetologistConsultancy',
    displayName: 'Cosmetologist Consultancy',
    slug: 'cosmetologist-consultancy',
    sitePath: '/cosmetology',
    plans: [
      {
        type: 'single',
        name: 'Single Consultation',
        price: 250,
        sessions: 1,
        description:
          'A 30-minute video session with skin analysis, a routine plan and product recommendations.',
      },
      {
        type: 'bundle',
        name: 'Complete Skin Journey',
        price: 500,
        originalPrice: 750,
        sessions: 3,
        description: 'An initial consultation plus two follow-ups to track and adjust your routine.',
        bestValue: true,
      },
    ],
  },
};

/**
 * Resolves a service slug in any of the spellings the spec uses
 * ('mental-Health-Counselling', 'mentalHealthCounselling', 'cosmetologist-Consultancy', ...),
 * case-insensitively. Returns null for an unknown service.
 */
export function resolveServiceKey(slug: string): ServiceKey | null {
  const folded = slug.replace(/[-_\s]/g, '').toLowerCase();
  for (const key of SERVICE_KEYS) {
    if (key.toLowerCase() === folded) return key;
  }
  return null;
}

export function resolvePlanType(plan: string): PlanType | null {
  const folded = plan.trim().toLowerCase();
  return (PLAN_TYPES as readonly string[]).includes(folded) ? (folded as PlanType) : null;
}

/** 'Mental Health Counselling, Single Session': one plan of one service, in words. */
export function planLabel(service: ServiceKey, planType: PlanType): string {
  const { displayName, plans } = SERVICES[service];
  const plan = plans.find((p) => p.type === planType);
  return plan ? `${displayName}, ${plan.name}` : displayName;
}

/** 'mental-Health-Counselling' → 'Mental Health Counselling' (spec §2.13 heading). */
export function titleFromSlug(slug: string): string {
  return slug
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/**
 * Indian rupee amount as shown on the site and the portal: ₹1,250, ₹1,25,000 (the last three digits,
 * then pairs), at most three decimals, rounded half away from zero. The spelling
 * `toLocaleString('en-IN')` gives, written out: a phone's first en-IN number format cost about 10 ms
 * of the dashboard's first render.
 */
export function formatRupees(amount: number): string {
  if (!Number.isFinite(amount)) return `₹${amount.toLocaleString('en-IN')}`;
  const [whole, fraction] = roundedDigits(Math.abs(amount), 3);
  const grouped = whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `₹${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A non-negative number's whole digits and at most `places` decimals (trailing zeros dropped),
 * rounded half up on its shortest decimal spelling, the one Intl reads: 1.0005 is 1.001, although
 * the double nearest 1.0005 lies just below it.
 */
function roundedDigits(value: number, places: number): [string, string] {
  const [mantissa = '0', exponent = '0'] = value.toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const point = Number(exponent) + 1;
  let whole = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  let fraction = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point);
  if (fraction.length > places) {
    const up = fraction.charCodeAt(places) >= 53; // '5'
    fraction = fraction.slice(0, places);
    if (up) {
      const bumped = (BigInt(whole + fraction) + 1n).toString().padStart(whole.length + places, '0');
      whole = bumped.slice(0, bumped.length - places);
      fraction = bumped.slice(bumped.length - places);
    }
  }
  return [whole, fraction.replace(/0+$/, '')];
}
