import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ObjectId } from 'mongodb';
import {
  couponCreateRequest,
  couponIdParam,
  couponStatusRequest,
  defaultLinkUpdateRequest,
  PAYMENT_MESSAGES as M,
  servicePlanParams,
  servicesCatalogue,
  verifyCouponRequest,
  type PlanType,
  type ServiceKey,
} from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/types.ts';
import { jsonBody, pathParams } from '../../lib/validate.ts';
import { requireVerifiedAdmin } from '../../middleware/auth.ts';
import {
  createCoupon,
  defaultLink,
  deleteCoupon,
  listCoupons,
  listDefaultLinks,
  setCouponStatus,
  setDefaultLink,
  verifyCoupon,
} from './payments.service.ts';

/** Authorization runs before any validator, so callers without access learn nothing about the rules. */
const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireVerifiedAdmin(c);
  await next();
});

/** An unknown service or plan in the path is a missing resource, not a malformed request. */
function servicePlan(c: Context<AppEnv>): { service: ServiceKey; planType: PlanType } {
  const parsed = servicePlanParams.safeParse({ service: c.req.param('service'), planType: c.req.param('planType') });
  if (!parsed.success) throw notFound(M.unknownServiceOrPlan);
  return parsed.data;
}
const knownPlan = createMiddleware<AppEnv>(async (c, next) => {
  servicePlan(c);
  await next();
});

export function paymentsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/services', (c) => c.json({ success: true as const, data: servicesCatalogue() }))

    .get('/default/:service/:planType', async (c) => {
      const { service, planType } = servicePlan(c);
      return c.json({ success: true as const, data: { paymentLink: await defaultLink(deps, service, planType) } });
    })

    .put('/default/:service/:planType', adminOnly, knownPlan, jsonBody(defaultLinkUpdateRequest), async (c) => {
      const admin = requireVerifiedAdmin(c);
      const { service, planType } = servicePlan(c);
      const data = await setDefaultLink(deps, admin, service, planType, c.req.valid('json').paymentLink);
      return c.json({ success: true as const, message: M.paymentLinkUpdated, data });
    })

    .get('/default-links', adminOnly, async (c) => c.json({ success: true as const, data: await listDefaultLinks(deps) }))

    .post('/verify-coupon/:service/:planType', knownPlan, jsonBody(verifyCouponRequest), async (c) => {
      const { service, planType } = servicePlan(c);
      const body = c.req.valid('json');
      const data = await verifyCoupon(deps, { ip: c.get('clientIp'), service, planType, signedIn: c.get('user'), ...body });
      return c.json({ success: true as const, message: 'emailed' in data ? M.couponLinkEmailed : M.couponApplied, data });
    })

    .post('/coupon', adminOnly, jsonBody(couponCreateRequest), async (c) => {
      const admin = requireVerifiedAdmin(c);
      const data = await createCoupon(deps, admin, c.req.valid('json'));
      return c.json({ success: true as const, message: M.couponCreated, data }, 201);
    })

    .get('/coupons', adminOnly, async (c) => c.json({ success: true as const, data: await listCoupons(deps) }))

    .patch('/coupon/:id/status', adminOnly, pathParams(couponIdParam), jsonBody(couponStatusRequest), async (c) => {
      const admin = requireVerifiedAdmin(c);
      const { isActive } = c.req.valid('json');
      const data = await setCouponStatus(deps, admin, new ObjectId(c.req.valid('param').id), isActive);
      return c.json({ success: true as const, message: isActive ? M.couponActivated : M.couponDeactivated, data });
    })

    .delete('/coupon/:id', adminOnly, pathParams(couponIdParam), async (c) => {
      const admin = requireVerifiedAdmin(c);
      await deleteCoupon(deps, admin, new ObjectId(c.req.valid('param').id));
      return c.json({ success: true as const, message: M.couponDeleted });
    });
}
