import { packCards } from '../collections.ts';
import type { Migration } from './runner.ts';

/**
 * Packs each participant's list of cards (`participant_meetings`) into one binary value
 * (`packCards`, collections.ts): FerretDB decodes every value of a document on every read, and a
 * list held as an array of cards cost it five times a small document's read (docs/speed.md, "get-meetings
 * and the database"). A list is packed from its own cards and loses the array in the same update,
 * so a run taken over from an instance that died packs only the lists still left.
 *
 * No instance of this version writes a meeting before this is recorded (the runner makes them
 * wait), so it takes no booking claims.
 */
export const participantMeetingsV3: Migration = {
  id: 'participant-meetings-v3',
  async run({ cols }) {
    const left = await cols.participantMeetings.find({ cards: { $exists: true } }, { projection: { _id: 1 } }).toArray();
    let lists = 0;
    let count = 0;
    // One list at a time: FerretDB 1.24 on SQLite stalls on large multi-statement updates.
    for (const { _id } of left) {
      const found = await cols.participantMeetings.findOne({ _id });
      if (!found?.cards) continue;
      await cols.participantMeetings.updateOne({ _id }, { $set: { packedCards: packCards(found.cards) }, $unset: { cards: '' } });
      lists += 1;
      count += found.cards.length;
    }
    return lists > 0 ? `Packed ${count} meeting card(s) in ${lists} participant list(s)` : null;
  },
};
