import { SERVICE_KEYS, SERVICES, type PlanType } from '@bh/shared/catalog/services';

/** The payment page of one plan (spec §2.1), e.g. /make-payment/mental-Health-Counselling/single. */
export function paymentPath(serviceSlug: string, planType: PlanType): string {
  return `/make-payment/${serviceSlug}/${planType}`;
}

/** Every payment page the site builds: each plan of each service in the catalogue. */
export const PAYMENT_PAGES = SERVICE_KEYS.flatMap((key) =>
  SERVICES[key].plans.map((plan) => ({ service: SERVICES[key], plan, path: paymentPath(SERVICES[key].slug, plan.type) })),
);
