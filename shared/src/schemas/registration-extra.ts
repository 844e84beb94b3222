import { z } from 'zod';
import { ROLES } from './user.ts';

/**
 * An application's review state; before a submission there is no application at all. `withdrawn`:
 * the applicant withdrew their consent to verify it while it was pending (issue 19).
 */
export const APPLICATION_STATUSES = ['pending', 'verified', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * A row of the admin applications grid (GET /api/v1/admin/applications). `id` is the applicant's
 * user id, the same id doctor-details, verify-doctor and reject-doctor take, so a row opens the
 * review screen directly. Numbers and documents are not part of the row.
 */
export const applicationRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(APPLICATION_STATUSES),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().optional(),
});
export type ApplicationRecord = z.infer<typeof applicationRecordSchema>;
