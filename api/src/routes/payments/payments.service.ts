import { MongoServerError, ObjectId } from 'mongodb';
import {
  PAYMENT_MESSAGES as M,
  type Coupon,
  type CouponCreateData,
  type DefaultLinkEntry,
  type PlanType,
  type ServiceKey,
} from '@bh/shared';
import { recordAudit } from '../../lib/audit.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import { collections, type CouponDoc, type PaymentLinkDoc } from '../../db/collections.ts';
import type { AuthUser } from '../../lib/types.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Coupon codes are short and guessable, so failed checks are counted per client address; correct
 * checks never count, so one office behind a NAT buying sessions is never slowed down.
 */
export const COUPON_CHECK_LIMITS = { windowMs: 15 * 60 * 1000, perIp: 20 } as const;

const linkId = (service: ServiceKey, planType: PlanType) => `${service}:${planType}`;

export function toCoupon(doc: CouponDoc): Coupon {
  return {
    _id: doc._id.toHexString(),
    couponCode: doc.couponCode,
    forNewUsers: doc.forNewUsers,
    isActive: doc.isActive,
    paymentLinks: doc.paymentLinks,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

function toLinkEntry(doc: PaymentLinkDoc): DefaultLinkEntry {
  return { service: doc.service, planType: doc.planType, paymentLink: doc.paymentLink, updatedAt: doc.updatedAt.toISOString() };
}

export async function defaultLink(deps: Pick<AppDeps, 'db'>, service: ServiceKey, planType: PlanType): Promise<string> {
  const doc = await collections(deps.db).paymentLinks.findOne({ _id: linkId(service, planType) });
  if (!doc) throw notFound(M.paymentLinkMissing);
  return doc.paymentLink;
}

export async function listDefaultLinks(deps: Pick<AppDeps, 'db'>): Promise<DefaultLinkEntry[]> {
  const docs = await collections(deps.db).paymentLinks.find({}).sort({ _id: 1 }).toArray();
  return docs.map(toLinkEntry);
}

/** Sets one default link (an upsert: the plan's row may not exist yet). `actor` null is the seed. */
export async function setDefaultLink(
  deps: Deps,
  actor: AuthUser | null,
  service: ServiceKey,
  planType: PlanType,
  paymentLink: string,
): Promise<DefaultLinkEntry> {
  const updatedAt = deps.clock.now();
  const doc = await collections(deps.db).paymentLinks.findOneAndUpdate(
    { _id: linkId(service, planType) },
    { $set: { service, planType, paymentLink, updatedAt, updatedBy: actor?._id ?? null } },
    { upsert: true, returnDocument: 'after' },
  );
  if (!doc) throw new Error('default link upsert returned nothing');
  await recordAudit(deps, {
    actor,
    action: 'paymentLink.update',
    target: { type: 'paymentLink', id: doc._id },
    details: { paymentLink },
  });
  return toLinkEntry(doc);
}

/**
 * The coupon's link for this plan, if the coupon exists, is active and is meant for this kind of
 * buyer; an existing buyer must give the email of a client account. Failures count towards the
 * per-address limit.
 */
export async function verifyCoupon(
  deps: Pick<AppDeps, 'db' | 'limiter'>,
  input: { ip: string; service: ServiceKey; planType: PlanType; couponCode: string; email: string | null; isExistingUser: boolean },
): Promise<string> {
  // The slot is taken before the check, so parallel guesses cannot outrun the count; a check
  // that succeeds gives it back, so only failures count.
  const reservation = await deps.limiter.reserve([
    { key: `coupon:ip:${input.ip}`, limit: COUPON_CHECK_LIMITS.perIp, windowMs: COUPON_CHECK_LIMITS.windowMs },
  ]);
  if (!reservation.ok) throw tooManyRequests(M.tooManyCouponChecks, reservation.retryAfterSeconds);
  try {
    const link = await couponLink(deps, input);
    await reservation.release();
    return link;
  } catch (err) {
    // A refused code counts; a failure of ours (the database down) does not.
    if (!(err instanceof AppError)) await reservation.release().catch(() => {});
    throw err;
  }
}

async function couponLink(
  deps: Pick<AppDeps, 'db'>,
  input: { service: ServiceKey; planType: PlanType; couponCode: string; email: string | null; isExistingUser: boolean },
): Promise<string> {
  const coupon = await collections(deps.db).coupons.findOne({ couponCode: input.couponCode });
  if (!coupon || !coupon.isActive) throw notFound(M.couponInvalid);
  if (coupon.forNewUsers === input.isExistingUser) throw badRequest(M.couponNotApplicable);
  if (input.isExistingUser) {
    const account = input.email ? await collections(deps.db).users.findOne({ email: input.email }) : null;
    if (!account || account.role !== 'user') {
      throw badRequest(M.emailNotRegistered, [{ path: 'email', message: M.emailNotRegistered }]);
    }
  }
  return coupon.paymentLinks[input.service][input.planType];
}

export async function createCoupon(deps: Deps, admin: AuthUser, input: CouponCreateData): Promise<Coupon> {
  const now = deps.clock.now();
  const doc: CouponDoc = { _id: new ObjectId(), ...input, createdAt: now, updatedAt: now, createdBy: admin._id };
  try {
    await collections(deps.db).coupons.insertOne(doc);
  } catch (err) {
    if (err instanceof MongoServerError && err.code === 11000) {
      throw conflict(M.couponExists);
    }
    throw err;
  }
  await recordAudit(deps, {
    actor: admin,
    action: 'coupon.create',
    target: { type: 'coupon', id: doc._id.toHexString(), label: doc.couponCode },
    details: { forNewUsers: doc.forNewUsers, isActive: doc.isActive },
  });
  return toCoupon(doc);
}

/** The most coupons one list answer holds; the admin coupons grid pages through all of them. */
export const COUPON_LIST_LIMIT = 200;

/** Newest first, as the Manage Coupons page lists them. */
export async function listCoupons(deps: Pick<AppDeps, 'db'>): Promise<Coupon[]> {
  const docs = await collections(deps.db).coupons.find({}).sort({ createdAt: -1, _id: -1 }).limit(COUPON_LIST_LIMIT).toArray();
  return docs.map(toCoupon);
}

export async function setCouponStatus(deps: Deps, admin: AuthUser, id: ObjectId, isActive: boolean): Promise<Coupon> {
  const doc = await collections(deps.db).coupons.findOneAndUpdate(
    { _id: id },
    { $set: { isActive, updatedAt: deps.clock.now() } },
    { returnDocument: 'after' },
  );
  if (!doc) throw notFound(M.couponNotFound);
  await recordAudit(deps, {
    actor: admin,
    action: 'coupon.status',
    target: { type: 'coupon', id: id.toHexString(), label: doc.couponCode },
    details: { isActive },
  });
  return toCoupon(doc);
}

export async function deleteCoupon(deps: Deps, admin: AuthUser, id: ObjectId): Promise<void> {
  const doc = await collections(deps.db).coupons.findOneAndDelete({ _id: id });
  if (!doc) throw notFound(M.couponNotFound);
  await recordAudit(deps, {
    actor: admin,
    action: 'coupon.delete',
    target: { type: 'coupon', id: id.toHexString(), label: doc.couponCode },
  });
}
