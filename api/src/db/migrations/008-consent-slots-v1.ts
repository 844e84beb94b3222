import { listRows } from '../../lib/owner-slots.ts';
import { consentOrder } from '../collections.ts';
import type { Migration } from './runner.ts';

/**
 * Lists every consent row stored before `consent_slots` existed in its person's list
 * (lib/owner-slots.ts), oldest first, so that a person's consents are read by `_id`. One read of
 * `consents`; a row already listed is not listed again, so a run taken over from an instance that
 * died finishes the lists it left.
 *
 * No instance of this version reads or records a consent before this is recorded (the runner makes
 * them wait).
 */
export const consentSlotsV1: Migration = {
  id: 'consent-slots-v1',
  async run({ cols }) {
    const rows = await cols.consents.find({}, { projection: { _id: 1, userId: 1, at: 1 } }).toArray();
    const { listed, owners } = await listRows(cols.consentSlots, rows, (row) => row.userId.toHexString(), consentOrder);
    return listed > 0 ? `Listed ${listed} consent(s) of ${owners} person(s)` : null;
  },
};
