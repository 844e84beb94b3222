import { ObjectId } from 'mongodb';
import { meetingCard, type MeetingCard } from '../collections.ts';
import type { Migration } from './runner.ts';

/**
 * Turns each participant's list (`participant_meetings`) from `{ id, startsAt }` refs into cards
 * (issue 20): the meeting as the list shows it, so a client's or an associate's get-meetings is one
 * `_id` read. Every list is rebuilt from the meetings collection, the source of truth, and its
 * refs removed; a run taken over from an instance that died rebuilds the same lists again.
 *
 * No instance of this version writes a meeting before this is recorded (the runner makes them
 * wait), so it takes no booking claims.
 */
export const participantMeetingsV2: Migration = {
  id: 'participant-meetings-v2',
  async run({ cols }) {
    const byParticipant = new Map<string, MeetingCard[]>();
    for await (const meeting of cols.meetings.find({})) {
      for (const participant of new Set([meeting.clientId.toHexString(), meeting.doctorId.toHexString()])) {
        const cards = byParticipant.get(participant);
        if (cards) cards.push(meetingCard(meeting));
        else byParticipant.set(participant, [meetingCard(meeting)]);
      }
    }
    // One participant at a time: FerretDB 1.24 on SQLite stalls on large multi-statement updates.
    // A list that already holds cards and no refs was rebuilt by a run that died later, or made by
    // a later version's store (packed, participant-meetings-v3): it is left as it is.
    let count = 0;
    let lists = 0;
    for (const [participant, cards] of byParticipant) {
      const _id = new ObjectId(participant);
      const found = await cols.participantMeetings.findOne({ _id });
      if (found && !found.refs && (found.cards || found.packedCards)) continue;
      await cols.participantMeetings.updateOne({ _id }, { $set: { cards }, $unset: { refs: '' } }, { upsert: true });
      count += cards.length;
      lists += 1;
    }
    // Lists whose meetings are all gone keep no refs either.
    const left = await cols.participantMeetings.find({ refs: { $exists: true } }, { projection: { _id: 1 } }).toArray();
    for (const { _id } of left) await cols.participantMeetings.updateOne({ _id }, { $set: { cards: [] }, $unset: { refs: '' } });
    return lists > 0 ? `Listed ${count} meeting card(s) under ${lists} participant(s)` : null;
  },
};
