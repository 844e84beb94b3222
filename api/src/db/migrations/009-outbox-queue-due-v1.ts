import type { Migration } from './runner.ts';

/**
 * Gives each queue entry written before entries kept their message's due time (`dueAt`, what
 * `bh_outbox_oldest_pending_age_seconds` reads) that time, from its message. Only entries without
 * it are read, and each is set only while it still has none, so a run taken over from an instance
 * that died, or an entry a sender rewrote meanwhile, is left right. An entry whose message is gone
 * is left to the senders, which remove it.
 */
export const outboxQueueDueV1: Migration = {
  id: 'outbox-queue-due-v1',
  async run({ cols }) {
    const entries = await cols.outboxQueue.find({ dueAt: { $exists: false } }, { projection: { _id: 1 } }).toArray();
    let written = 0;
    for (const entry of entries) {
      const message = await cols.outbox.findOne({ _id: entry._id }, { projection: { dueAt: 1 } });
      if (!message) continue;
      const res = await cols.outboxQueue.updateOne({ _id: entry._id, dueAt: { $exists: false } }, { $set: { dueAt: message.dueAt } });
      written += res.modifiedCount;
    }
    return written > 0 ? `Gave ${written} queued email(s) their due time` : null;
  },
};
