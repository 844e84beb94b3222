import { queueEntry } from '../../mail/outbox.ts';
import type { Migration } from './runner.ts';

/**
 * Gives every message left unfinished before `outbox_queue` existed its queue entry
 * (collections.ts, `OutboxQueueDoc`): senders now find messages only through the queue. One read of
 * the outbox; an entry already there is left as it is, so a run taken over from an instance that
 * died does not write it twice.
 *
 * No instance of this version sends mail before this is recorded (the runner makes them wait).
 */
export const outboxQueueV1: Migration = {
  id: 'outbox-queue-v1',
  async run({ cols }) {
    const unfinished = await cols.outbox
      .find({ status: { $in: ['pending', 'sending'] } }, { projection: { _id: 1, to: 1, template: 1, meetingId: 1, nextAttemptAt: 1, dueAt: 1 } })
      .toArray();
    let written = 0;
    for (const doc of unfinished) {
      if (await cols.outboxQueue.findOne({ _id: doc._id })) continue;
      await cols.outboxQueue.insertOne(queueEntry(doc, new Date()));
      written += 1;
    }
    return written > 0 ? `Queued ${written} unsent email(s)` : null;
  },
};
