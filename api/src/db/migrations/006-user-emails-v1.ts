import type { Migration } from './runner.ts';

/**
 * Gives every account stored before `user_emails` existed its email's entry (lib/user-emails.ts),
 * so it is found by its email in two `_id` reads. Each entry is written whole (an upsert by the
 * email), so a run taken over from an instance that died writes the same entries again.
 *
 * No instance of this version creates an account or reads one by email before this is recorded
 * (the runner makes them wait).
 */
export const userEmailsV1: Migration = {
  id: 'user-emails-v1',
  async run({ cols }) {
    const accounts = await cols.users.find({}, { projection: { _id: 1, email: 1 } }).toArray();
    let written = 0;
    // One at a time: FerretDB 1.24 on SQLite stalls on large multi-statement updates.
    for (const { _id, email } of accounts) {
      const entry = await cols.userEmails.findOne({ _id: email });
      if (entry?.userId.equals(_id)) continue;
      await cols.userEmails.updateOne({ _id: email }, { $set: { userId: _id } }, { upsert: true });
      written += 1;
    }
    return written > 0 ? `Listed the email of ${written} account(s)` : null;
  },
};
