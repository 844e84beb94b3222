import { z } from 'zod';
import { CANCEL_REASONS, REFUND_BANDS } from '../rules/booking-policy.ts';
import { ROLES } from './user.ts';

const isoInstant = z.iso.datetime();

/** Kinds of change a meeting's history records. */
export const HISTORY_KINDS = ['rescheduled', 'cancelled', 'completed', 'no_show', 'requested', 'declined'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** One change: who (email and role), when, why, and for a reschedule the old and new starts. */
export const historyEntrySchema = z.object({
  kind: z.enum(HISTORY_KINDS),
  at: isoInstant,
  by: z.string(),
  byRole: z.enum(ROLES),
  reason: z.string(),
  from: isoInstant.nullable(),
  to: isoInstant.nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Who cancelled, when, why and the refund band the terms give. */
export const cancellationSchema = z.object({
  at: isoInstant,
  by: z.string(),
  byRole: z.enum(ROLES),
  cause: z.enum(CANCEL_REASONS),
  reason: z.string(),
  band: z.enum(REFUND_BANDS),
});
export type Cancellation = z.infer<typeof cancellationSchema>;
