import { createApiClient } from '@bh/shared/contract/client';
import { payments } from '@bh/shared/contract/payments';

/** One call of the payment island: its method and URL, as the typed client spells them. */
export interface CallTarget {
  method: string;
  url: string;
}

/** The payment island's two calls for one plan page. */
export interface PaymentCalls {
  defaultLink: CallTarget;
  verifyCoupon: CallTarget;
}

/**
 * Built where the page is rendered (at build time), from the shared operation definitions: the
 * island gets the finished method and URL, so no API path is written in the site and the
 * definitions (and zod with them) stay out of the page's JavaScript budget.
 */
export function paymentCalls(service: string, planType: string): PaymentCalls {
  const client = createApiClient();
  const input = { params: { service, planType } };
  return {
    defaultLink: { method: payments.defaultLink.method.toUpperCase(), url: client.url(payments.defaultLink, input) },
    verifyCoupon: { method: payments.verifyCoupon.method.toUpperCase(), url: client.url(payments.verifyCoupon, input) },
  };
}
