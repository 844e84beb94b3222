import { MongoClient, type Db, type ObjectId } from 'mongodb';
import type { Role, VerificationStatus } from '@bh/shared';

export interface UserDoc {
  _id: ObjectId;
  name: string;
  /** Trimmed and lower-cased: unique index, no collation needed. */
  email: string;
  passwordHash: string;
  role: Role;
  isVerified: VerificationStatus;
  rejectionReason?: string;
  /** Set while an account made by invitation has no password of its own yet (or was revoked). */
  invitation?: 'pending' | 'revoked';
  createdAt: Date;
  updatedAt: Date;
}

export interface SessionDoc {
  /** SHA-256 of the cookie token, hex: the token itself is never stored. */
  _id: string;
  userId: ObjectId;
  createdAt: Date;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  remember: boolean;
}

/** One counted event (a failed login, a coupon check, an upload) for a rate-limit key. */
export interface RateLimitDoc {
  _id: ObjectId;
  key: string;
  at: Date;
  expiresAt: Date;
}

/** Connects with short timeouts so an outage answers 503 quickly instead of hanging requests. */
export function createMongoClient(uri: string): MongoClient {
  return new MongoClient(uri, {
    serverSelectionTimeoutMS: 2_000,
    connectTimeoutMS: 2_000,
    socketTimeoutMS: 20_000,
    maxPoolSize: 50,
    retryWrites: false,
    appName: 'better-health',
  });
}

export function collections(db: Db) {
  return {
    db,
    users: db.collection<UserDoc>('users'),
    sessions: db.collection<SessionDoc>('sessions'),
    rateLimits: db.collection<RateLimitDoc>('rate_limits'),
  };
}
export type Collections = ReturnType<typeof collections>;
