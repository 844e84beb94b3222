import { MongoClient, type Db, type MongoClientOptions, type ObjectId } from 'mongodb';
import type { Role, SessionPlace, VerificationStatus } from '@bh/shared';

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
  /** Set when the person's data was erased on their request (privacy/requests.service.ts). */
  erasedAt?: Date;
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
  /** The browser's User-Agent at sign-in (at most 512 characters), for the privacy page's device list. */
  userAgent?: string | null;
  /** The address range signed in from (IPv4 /24, IPv6 /48) and its kind; never the full address. */
  network?: string | null;
  place?: SessionPlace;
}

/**
 * One counted event for a rate-limit key: a reserved slot (`_id` `key|window|n`, see
 * rate-limit.ts), a remembered fact (`_id` the key itself) or an upload hit (an ObjectId).
 */
export interface RateLimitDoc {
  _id: ObjectId | string;
  key: string;
  at: Date;
  expiresAt: Date;
}

/** FerretDB only when this process runs the embedded FerretDB; anything else is MongoDB. */
export type DatabaseEngine = 'mongodb' | 'ferretdb';

/** Driver settings per engine: retryable writes stay on (MongoDB's default) except on FerretDB. */
export function mongoClientOptions(engine: DatabaseEngine): MongoClientOptions {
  return {
    serverSelectionTimeoutMS: 2_000,
    connectTimeoutMS: 2_000,
    socketTimeoutMS: 20_000,
    maxPoolSize: 50,
    // FerretDB 1.24 has no retryable writes. A given URI keeps the driver's default (on), which
    // replica sets and Atlas need to survive an election; its own `retryWrites=` still applies.
    ...(engine === 'ferretdb' ? { retryWrites: false } : {}),
    appName: 'better-health',
  };
}

/** Connects with short timeouts so an outage answers 503 quickly instead of hanging requests. */
export function createMongoClient(uri: string, engine: DatabaseEngine): MongoClient {
  return new MongoClient(uri, mongoClientOptions(engine));
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
