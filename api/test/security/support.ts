import { createHash, randomBytes } from 'node:crypto';
import { ObjectId, type Db } from 'mongodb';
import type { ApplicationRequest } from '@bh/shared';
import { SESSION_COOKIE } from '../../src/lib/sessions.ts';
import type { TestContext } from '../context.ts';
import { PDF, uploadFile } from '../uploads.ts';

/**
 * Helpers shared by the security suite only (uploads go through the common `../uploads.ts`). The
 * suite builds its own data and requests, so it stands on its own as the proof SECURITY.md points to.
 */

/** The methods a browser may not send cross-site without the server's say-so. */
export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes that take a multipart body instead of JSON. */
export const MULTIPART_ROUTES = new Set(['POST /api/v1/uploads']);

export interface RouteKey {
  method: string;
  path: string;
  /** "METHOD /path" as Hono registered it, with :params. */
  key: string;
}

/** Every concrete handler the app registered under /api (middleware wildcards left out). */
export function apiRoutes(ctx: TestContext): RouteKey[] {
  const seen = new Map<string, RouteKey>();
  for (const route of ctx.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/') || route.path.endsWith('*')) continue;
    const path = route.path.replace(/\/$/, '') || '/';
    const key = `${route.method} ${path}`;
    seen.set(key, { method: route.method, path, key });
  }
  return [...seen.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** The unsafe routes (POST, PUT, PATCH, DELETE). */
export function unsafeRoutes(ctx: TestContext): RouteKey[] {
  return apiRoutes(ctx).filter((r) => UNSAFE_METHODS.has(r.method));
}

/** The unsafe routes whose body is JSON (all but the multipart upload). */
export function jsonRoutes(ctx: TestContext): RouteKey[] {
  return unsafeRoutes(ctx).filter((r) => r.method !== 'DELETE' && !MULTIPART_ROUTES.has(r.key));
}

/** Replaces each :name in a route path with the given value. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return value;
  });
}

/**
 * A fingerprint of the whole database: for each collection, a hash of every document in _id
 * order. Two equal fingerprints mean nothing was inserted, updated or deleted in between.
 */
export type Fingerprint = Map<string, string>;

export async function fingerprint(db: Db): Promise<Fingerprint> {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  const result: Fingerprint = new Map();
  for (const name of names) {
    const docs = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
    // Collections that exist but are empty read the same as missing ones.
    if (docs.length === 0) continue;
    result.set(name, createHash('sha256').update(JSON.stringify(docs)).digest('hex'));
  }
  return result;
}

/** The collections whose content differs between two fingerprints. */
export function changedCollections(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort();
}

/** Numbers an application carries, random per call so scans can look for exactly these. */
export interface ApplicationNumbers {
  account: string;
  aadhaar: string;
  pan: string;
}

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(65 + (b % 26))).join('');

export function randomNumbers(): ApplicationNumbers {
  return { account: `7${digits(13)}`, aadhaar: `5${digits(11)}`, pan: `${letters(3)}P${letters(1)}${digits(4)}${letters(1)}` };
}

/** A complete, valid application whose files are uploads owned by `cookie`'s account. */
export async function validApplication(ctx: TestContext, cookie: string, numbers: ApplicationNumbers = randomNumbers()): Promise<ApplicationRequest> {
  const resume = await uploadFile(ctx, cookie, 'resume');
  const images: string[] = [];
  for (let i = 0; i < 4; i += 1) images.push(await uploadFile(ctx, cookie, 'document'));
  const slip = await uploadFile(ctx, cookie, 'salarySlip', { bytes: PDF, filename: 'slip.pdf' });
  return {
    personalInfo: {
      firstName: 'Kavya',
      middleName: '',
      lastName: 'Iyer',
      dob: '1990-02-14',
      gender: 'Female',
      currentAddress: '22 Lake View Road',
      permanentAddress: '22 Lake View Road',
      city: 'Chennai',
      state: 'Tamil Nadu',
      postalCode: '600001',
      country: 'India',
      email: 'kavya.iyer@example.in',
      phone: '+91 98400 12345',
      emergencyContact: { name: 'Arjun Iyer', relationship: 'Brother', phone: '9840054321' },
      resumeUrl: resume,
      linkedin: '',
      Doc: [
        { documentType: 'aadhar', documentId: numbers.aadhaar, frontImage: images[0]!, backImage: images[1]! },
        { documentType: 'pan', documentId: numbers.pan, frontImage: images[2]!, backImage: images[3]! },
      ],
      bloodGroup: 'O+',
    },
    employmentDetails: [
      {
        organization: 'Apollo Clinic',
        jobTitle: 'Counsellor',
        startDate: '2015-07-01',
        endDate: null,
        employmentType: 'Full-time',
        isCurrentJob: true,
      },
    ],
    salarySlip: [slip],
    educationDetails: [
      { level: "Master's Degree", degreeName: 'MSc Psychology', institutionName: 'University of Madras', graduationYear: 2014, major: '' },
    ],
    bankAccount: {
      accountHolder: 'Kavya Iyer',
      bankName: 'State Bank of India',
      branchName: 'Mylapore',
      accountNumber: numbers.account,
      ifsc: 'SBIN0001234',
      upi: 'kavya@oksbi',
    },
    verificationConsent: true,
  };
}

/** Sign-in cookie of an existing account, without the login call (no password hashing). */
export async function sessionCookie(ctx: TestContext, userId: string): Promise<string> {
  const { token } = await ctx.deps.sessions.create(new ObjectId(userId), false);
  return `${SESSION_COOKIE}=${token}`;
}
