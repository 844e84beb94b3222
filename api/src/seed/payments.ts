import { ObjectId } from 'mongodb';
import { PLAN_TYPES, SERVICE_KEYS, type PaymentLinks } from '@bh/shared';
import type { SeedStep } from './demo.ts';
import { collections, type CouponDoc } from '../db/collections.ts';

/** A demo checkout address per service and plan, under a path naming what it sells. */
function demoLinks(prefix: string): PaymentLinks {
  const link = (service: string, plan: string) => `https://payments.example.in/better-health/${prefix}${service}-${plan}`;
  return {
    mentalHealthCounselling: { single: link('mental-health', 'single'), bundle: link('mental-health', 'bundle') },
    cosmetologistConsultancy: { single: link('cosmetology', 'single'), bundle: link('cosmetology', 'bundle') },
  };
}

/** The four default payment links and two active coupons: WELCOME10 for new users, CARE20 for existing ones. */
export const seedPayments: SeedStep = async (deps, accounts) => {
  const admin = accounts.get('admin@demo.betterhealth.in');
  if (!admin) return;
  const now = deps.clock.now();

  const defaults = demoLinks('');
  const links = collections(deps.db).paymentLinks;
  for (const service of SERVICE_KEYS) {
    for (const planType of PLAN_TYPES) {
      await links.updateOne(
        { _id: `${service}:${planType}` },
        { $set: { service, planType, paymentLink: defaults[service][planType], updatedAt: now, updatedBy: admin._id } },
        { upsert: true },
      );
    }
  }

  const coupon = (couponCode: string, forNewUsers: boolean): CouponDoc => ({
    _id: new ObjectId(),
    couponCode,
    forNewUsers,
    isActive: true,
    paymentLinks: demoLinks(`${couponCode.toLowerCase()}/`),
    createdAt: now,
    updatedAt: now,
    createdBy: admin._id,
  });
  await collections(deps.db).coupons.insertMany([coupon('WELCOME10', true), coupon('CARE20', false)]);
};
