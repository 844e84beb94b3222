import { z } from 'zod';
import { ROLES } from './user.ts';

/** Where a session came from, by the kind of address (no geolocation database is kept). */
export const SESSION_PLACES = ['loopback', 'local', 'internet', 'unknown'] as const;
export type SessionPlace = (typeof SESSION_PLACES)[number];

/** One signed-in device on the privacy page (DPDP Rule 6 safeguards; issue 19 item 5). */
export const sessionRecordSchema = z.object({
  /** A public handle derived from the stored hash: neither the token nor its hash leaves the server. */
  id: z.string().regex(/^[0-9a-f]{32}$/),
  /** Browser and system as its User-Agent names them ('Chrome 131 on Windows'), or null when it sent none. */
  browser: z.string().nullable(),
  place: z.enum(SESSION_PLACES),
  /** The address range it signed in from (IPv4 /24, IPv6 /48), never the full address. */
  network: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

export const sessionsResponse = z.object({ success: z.literal(true), data: z.array(sessionRecordSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponse>;

export const sessionIdParam = z.strictObject({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Invalid id') });

export const signOutOthersResponse = z.object({ success: z.literal(true), message: z.string(), data: z.object({ signedOut: z.number().int() }) });
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponse>;

/** What an admin did with an associate's data: every such read is logged (Rule 6; issue 19 item 6). */
export const ACCESS_ACTIONS = ['document.read', 'application.view'] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

export const accessLogEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  action: z.enum(ACCESS_ACTIONS),
  /** Who read it: the admin's name and role as they were at the time. */
  actor: z.object({ name: z.string(), role: z.enum(ROLES) }),
  /** What was read: a document's file name, or 'Application'. */
  what: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogResponse = z.object({ success: z.literal(true), data: z.array(accessLogEntrySchema) });
export type AccessLogResponse = z.infer<typeof accessLogResponse>;

/** The grievance officer (DPDP s. 13), from the server's settings. */
export const grievanceOfficerSchema = z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() });
export type GrievanceOfficer = z.infer<typeof grievanceOfficerSchema>;

export const privacyOverviewResponse = z.object({
  success: z.literal(true),
  data: z.object({ grievanceOfficer: grievanceOfficerSchema }),
});
export type PrivacyOverviewResponse = z.infer<typeof privacyOverviewResponse>;

export const privacyMessageResponse = z.object({ success: z.literal(true), message: z.string() });
