import { ObjectId } from 'mongodb';
import { unpackCards, type MeetingRef } from '../collections.ts';
import type { Migration } from './runner.ts';

/**
 * Gives meetings stored before participant refs existed their refs (`participant_meetings`, see
 * domain/meetings/participant-meetings.ts): each participant's document lists `{ id, startsAt }`
 * of every meeting they are in, as client or associate. Refs already there are kept, so a run
 * taken over from an instance that died adds only what is missing.
 *
 * No instance of this version books a meeting before this is recorded (the runner makes them
 * wait), so it takes no booking claims.
 */
export const participantMeetingsV1: Migration = {
  id: 'participant-meetings-v1',
  async run({ cols }) {
    const meetings = await cols.meetings.find({}, { projection: { _id: 1, startsAt: 1, clientId: 1, doctorId: 1 } }).toArray();
    const byParticipant = new Map<string, MeetingRef[]>();
    for (const meeting of meetings) {
      for (const participant of [meeting.clientId.toHexString(), meeting.doctorId.toHexString()]) {
        // Field order as the service writes refs, so its `$pull` of a whole ref finds these too.
        const ref: MeetingRef = { id: meeting._id, startsAt: meeting.startsAt };
        const refs = byParticipant.get(participant);
        if (refs) refs.push(ref);
        else byParticipant.set(participant, [ref]);
      }
    }
    let added = 0;
    // One participant at a time: FerretDB 1.24 on SQLite stalls on large multi-statement updates.
    for (const [participant, refs] of byParticipant) {
      const _id = new ObjectId(participant);
      const found = await cols.participantMeetings.findOne({ _id });
      // Lists made since participant-meetings-v2 hold cards instead of refs (packed since v3).
      const have = new Set([...(found?.refs ?? []).map((ref) => ref.id.toHexString()), ...unpackCards(found).map((card) => card._id.toHexString())]);
      const missing = refs.filter((ref) => !have.has(ref.id.toHexString()));
      if (missing.length === 0) continue;
      await cols.participantMeetings.updateOne({ _id }, { $push: { refs: { $each: missing } } }, { upsert: true });
      added += missing.length;
    }
    return added > 0 ? `Listed ${added} meeting(s) under their participants` : null;
  },
};
