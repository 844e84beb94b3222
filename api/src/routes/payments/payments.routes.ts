import { PAYMENT_MESSAGES as M, servicesCatalogue } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf, type ValidationResult } from '../../lib/contract.ts';
import type { Handler } from '../../lib/handler.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { toAppError } from '../../lib/validate.ts';
import {
  createCoupon,
  defaultLink,
  deleteCoupon,
  listCoupons,
  listDefaultLinks,
  setCouponStatus,
  setDefaultLink,
  verifyCoupon,
} from '../../domain/payments/payments.service.ts';
import { idOf } from '../../lib/ids.ts';

/** An unknown service or plan in the path is a missing resource, not a malformed request. */
function unknownPlanIsMissing(result: ValidationResult): undefined {
  if (result.success) return undefined;
  if (result.target === 'param') throw notFound(M.unknownServiceOrPlan);
  throw toAppError(result.error?.issues ?? []);
}

export function paymentsRoutes(deps: AppDeps) {
  const listServices: Handler<typeof api.payments.services> = (c) => c.json({ success: true as const, data: servicesCatalogue() }, 200);

  const showDefaultLink: Handler<typeof api.payments.defaultLink> = async (c) => {
    const { service, planType } = c.req.valid('param');
    return c.json({ success: true as const, data: { paymentLink: await defaultLink(deps, service, planType) } }, 200);
  };

  const changeDefaultLink: Handler<typeof api.payments.setDefaultLink> = async (c) => {
    const { service, planType } = c.req.valid('param');
    const data = await setDefaultLink(deps, c.var.account, service, planType, c.req.valid('json').paymentLink);
    return c.json({ success: true as const, message: M.paymentLinkUpdated, data }, 200);
  };

  const listAllDefaultLinks: Handler<typeof api.payments.defaultLinks> = async (c) => c.json({ success: true as const, data: await listDefaultLinks(deps) }, 200);

  const applyCoupon: Handler<typeof api.payments.verifyCoupon> = async (c) => {
    const { service, planType } = c.req.valid('param');
    const body = c.req.valid('json');
    const data = await verifyCoupon(deps, { ip: c.get('clientIp'), service, planType, signedIn: c.get('user'), ...body });
    return c.json({ success: true as const, message: 'emailed' in data ? M.couponLinkEmailed : M.couponApplied, data }, 200);
  };

  const addCoupon: Handler<typeof api.payments.createCoupon> = async (c) => {
    const data = await createCoupon(deps, c.var.account, c.req.valid('json'));
    return c.json({ success: true as const, message: M.couponCreated, data }, 201);
  };

  const listAllCoupons: Handler<typeof api.payments.coupons> = async (c) => c.json({ success: true as const, data: await listCoupons(deps) }, 200);

  const switchCoupon: Handler<typeof api.payments.setCouponStatus> = async (c) => {
    const { isActive } = c.req.valid('json');
    const data = await setCouponStatus(deps, c.var.account, idOf(c.req.valid('param').id), isActive);
    return c.json({ success: true as const, message: isActive ? M.couponActivated : M.couponDeactivated, data }, 200);
  };

  const removeCoupon: Handler<typeof api.payments.deleteCoupon> = async (c) => {
    await deleteCoupon(deps, c.var.account, idOf(c.req.valid('param').id));
    return c.json({ success: true as const, message: M.couponDeleted }, 200);
  };

  return contractRouter()
    .openapi(routeOf(api.payments.services), listServices)
    .openapi(routeOf(api.payments.defaultLink), showDefaultLink, unknownPlanIsMissing)
    .openapi(routeOf(api.payments.setDefaultLink), changeDefaultLink, unknownPlanIsMissing)
    .openapi(routeOf(api.payments.defaultLinks), listAllDefaultLinks)
    .openapi(routeOf(api.payments.verifyCoupon), applyCoupon, unknownPlanIsMissing)
    .openapi(routeOf(api.payments.createCoupon), addCoupon)
    .openapi(routeOf(api.payments.coupons), listAllCoupons)
    .openapi(routeOf(api.payments.setCouponStatus), switchCoupon)
    .openapi(routeOf(api.payments.deleteCoupon), removeCoupon);
}
