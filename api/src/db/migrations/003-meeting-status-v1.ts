import type { Migration } from './runner.ts';

/**
 * Meetings stored before the booking life cycle (issue 18) become `scheduled`, with an empty
 * history and calendar sequence 0. One conditional `updateMany` on meetings without a status: a
 * run taken over from an instance that died changes only what is left, and a meeting booked since
 * is born with its status and is not matched.
 */
export const meetingStatusV1: Migration = {
  id: 'meeting-status-v1',
  async run({ cols }) {
    const result = await cols.meetings.updateMany(
      { status: { $exists: false } },
      { $set: { status: 'scheduled', cancellation: null, noShowBy: null, history: [], sequence: 0, openRequestId: null } },
    );
    return result.modifiedCount ? `Marked ${result.modifiedCount} stored meeting(s) as scheduled` : null;
  },
};
