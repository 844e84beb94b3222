import { MongoServerError, ObjectId } from 'mongodb';
import {
  PAYMENT_MESSAGES as M,
  planLabel,
  type Coupon,
  type CouponCreateData,
  type DefaultLinkEntry,
  type PlanType,
  type ServiceKey,
} from '@bh/shared';
import { recordAudit } from '../../lib/audit.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import { findUserByEmail } from '../../lib/user-emails.ts';
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
 * Links sent by email for existing users: per address at most this many an hour. Further checks
 * (in one clock hour) are answered the same but send nothing, so nobody can flood a client's inbox through this form.
 */
export const COUPON_MAIL_LIMITS = { windowMs: 60 * 60 * 1000, perEmail: 3 } as const;

export type CouponCheckResult = { paymentLink: string } | { emailed: true };

/**
 * The coupon's link for this plan, if the coupon exists, is active and is meant for this kind of
 * buyer. An existing buyer who is a signed-in client gets the link at once. Anyone else who says
 * they are an existing buyer gets one answer whatever the email (DPDP; DESIGN §8: the check must
 * not tell a stranger who is a client): the link is emailed, through the outbox, if the address
 * belongs to a client. That lookup and email run after the answer has gone, so neither the body,
 * the status nor the time taken depends on the email. Refused codes count towards the per-address
 * limit, and so does every emailed answer (each may send an email).
 */
export async function verifyCoupon(
  deps: Pick<AppDeps, 'db' | 'limiter' | 'outbox' | 'log'>,
  input: {
    ip: string;
    service: ServiceKey;
    planType: PlanType;
    couponCode: string;
    email: string | null;
    isExistingUser: boolean;
    signedIn: AuthUser | null;
  },
): Promise<CouponCheckResult> {
  // The slot is taken before the check, so parallel guesses cannot outrun the count; a check
  // that gives the link gives it back.
  const reservation = await deps.limiter.reserve([
    { key: `coupon:ip:${input.ip}`, limit: COUPON_CHECK_LIMITS.perIp, windowMs: COUPON_CHECK_LIMITS.windowMs },
  ]);
  if (!reservation.ok) throw tooManyRequests(M.tooManyCouponChecks, reservation.retryAfterSeconds);
  let coupon: CouponDoc;
  try {
    coupon = await applicableCoupon(deps, input);
  } catch (err) {
    // A refused code counts; a failure of ours (the database down) does not.
    if (!(err instanceof AppError)) await reservation.release().catch(() => {});
    throw err;
  }
  const paymentLink = coupon.paymentLinks[input.service][input.planType];
  if (!input.isExistingUser || input.signedIn?.role === 'user') {
    await reservation.release();
    return { paymentLink };
  }
  const email = input.email ?? '';
  track(
    emailCouponLink(deps, { email, couponCode: coupon.couponCode, paymentLink, service: input.service, planType: input.planType }).catch((err: unknown) => {
      deps.log.error('coupon link email failed', { error: err instanceof Error ? err.name : 'unknown' });
    }),
  );
  return { emailed: true };
}

async function applicableCoupon(
  deps: Pick<AppDeps, 'db'>,
  input: { couponCode: string; isExistingUser: boolean },
): Promise<CouponDoc> {
  const coupon = await collections(deps.db).coupons.findOne({ couponCode: input.couponCode });
  if (!coupon || !coupon.isActive) throw notFound(M.couponInvalid);
  if (coupon.forNewUsers === input.isExistingUser) throw badRequest(M.couponNotApplicable);
  return coupon;
}

async function emailCouponLink(
  deps: Pick<AppDeps, 'db' | 'limiter' | 'outbox'>,
  input: { email: string; couponCode: string; paymentLink: string; service: ServiceKey; planType: PlanType },
): Promise<void> {
  const account = await findUserByEmail(collections(deps.db), input.email);
  if (!account || account.role !== 'user' || account.invitation === 'revoked') return;
  // A slot is claimed before the email is written (not counted after), so checks arriving
  // together neither pass the cap nor count each other out of it.
  const slot = await deps.limiter.reserve([
    { key: `coupon:email:${input.email}`, limit: COUPON_MAIL_LIMITS.perEmail, windowMs: COUPON_MAIL_LIMITS.windowMs },
  ]);
  if (!slot.ok) return;
  try {
    await deps.outbox.enqueue([
      {
        to: account.email,
        template: 'coupon-link',
        data: { name: account.name, couponCode: input.couponCode, planLabel: planLabel(input.service, input.planType) },
        link: input.paymentLink,
      },
    ]);
  } catch (err) {
    await slot.release().catch(() => {});
    throw err;
  }
}

/** Coupon emails still being written after their answer went; tests and shutdown can wait for them. */
const inFlight = new Set<Promise<void>>();
function track(work: Promise<void>): void {
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
}
export async function couponEmailsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all(inFlight);
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
