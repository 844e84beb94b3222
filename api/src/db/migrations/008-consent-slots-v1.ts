import type { ObjectId } from 'mongodb';
import { appendSlot, slotItems } from '../../lib/owner-slots.ts';
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
    const byPerson = new Map<string, { _id: ObjectId; at: Date }[]>();
    for (const row of rows) {
      const owner = row.userId.toHexString();
      byPerson.set(owner, [...(byPerson.get(owner) ?? []), row]);
    }
    let listed = 0;
    for (const [owner, own] of byPerson) {
      const known = new Set((await slotItems(cols.consentSlots, owner)).map((id) => id.toHexString()));
      own.sort((a, b) => a.at.getTime() - b.at.getTime() || a._id.toHexString().localeCompare(b._id.toHexString()));
      let next = known.size;
      for (const row of own) {
        if (known.has(row._id.toHexString())) continue;
        next = (await appendSlot(cols.consentSlots, owner, row._id, next)) + 1;
        listed += 1;
      }
    }
    return listed > 0 ? `Listed ${listed} consent(s) of ${byPerson.size} person(s)` : null;
  },
};
