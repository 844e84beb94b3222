/**
 * The two public payment calls of the payment page (spec §7, §8), on the same origin. Their method
 * and URL come from the shared operation definitions through the page (`lib/payment-calls.ts`);
 * only types come from the shared schemas: zod itself would not fit the page's script budget.
 */
import { PAYMENT_MESSAGES as M } from '@bh/shared/messages/payments';
import type { VerifyCouponRequest } from '@bh/shared/schemas/payments';
import type { CallTarget } from '../lib/payment-calls.ts';

export type LinkResult = { ok: true; link: string; message: string | null } | { ok: false; message: string };
/** A coupon check's answer: its link, a refusal, or word that the link went by email (an existing user not signed in). */
export type CouponResult = LinkResult | { ok: 'emailed'; message: string };

/** A payment link is opened in a new tab, so anything but an http(s) address is refused. */
function isWebAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function serverMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const { message } = body;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** `data.paymentLink` of a success answer (PaymentLinkResponse in the shared schemas). */
function linkOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  const { data } = body;
  if (typeof data !== 'object' || data === null || !('paymentLink' in data)) return null;
  return isWebAddress(data.paymentLink) ? data.paymentLink : null;
}

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

/** The plan's link without a coupon (`api.payments.defaultLink`). */
export async function fetchDefaultLink(call: CallTarget): Promise<LinkResult> {
  let res: Response;
  try {
    res = await fetch(call.url, {
      method: call.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    return { ok: false, message: M.paymentLinkLoadFailed };
  }
  const body = await readJson(res);
  const link = res.ok ? linkOf(body) : null;
  if (link) return { ok: true, link, message: null };
  return { ok: false, message: serverMessage(body) ?? M.paymentLinkLoadFailed };
}

/** `data.emailed` of a success answer (VerifyCouponResponse in the shared schemas). */
function emailedIn(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('data' in body)) return false;
  const { data } = body;
  return typeof data === 'object' && data !== null && 'emailed' in data && data.emailed === true;
}

/** The coupon's link for this plan, or word that it was emailed (`api.payments.verifyCoupon`). */
export async function verifyCoupon(call: CallTarget, request: VerifyCouponRequest): Promise<CouponResult> {
  let res: Response;
  try {
    res = await fetch(call.url, {
      method: call.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    return { ok: false, message: M.networkError };
  }
  const body = await readJson(res);
  if (!res.ok) return { ok: false, message: serverMessage(body) ?? M.couponVerifyFailed };
  if (emailedIn(body)) return { ok: 'emailed', message: serverMessage(body) ?? M.couponLinkEmailed };
  const link = linkOf(body);
  if (!link) return { ok: false, message: M.couponVerifyError };
  return { ok: true, link, message: serverMessage(body) };
}
