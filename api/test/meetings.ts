import { ObjectId } from 'mongodb';
import { insertMeetings, newMeetingDoc } from '../src/domain/meetings/meeting.service.ts';
import type { TestContext } from './context.ts';
import type { MeetingDoc } from '../src/db/collections.ts';

/**
 * A meeting between two existing accounts, built the way a booking stores it, for tests that
 * store meetings directly (at any time, joined or not). The caller decides how it is stored.
 */
export async function meetingBetween(ctx: TestContext, clientId: string, doctorId: string, fields: Partial<MeetingDoc> & Pick<MeetingDoc, 'startsAt'>): Promise<MeetingDoc> {
  const users = ctx.deps.cols.users;
  const [client, doctor] = await Promise.all([users.findOne({ _id: new ObjectId(clientId) }), users.findOne({ _id: new ObjectId(doctorId) })]);
  if (!client || !doctor) throw new Error('meeting participants must exist');
  const defaults = {
    meetingDate: '2026-06-15',
    meetingTime: '12:02 PM',
    meetingLink: 'https://meet.example.in/test',
    formLink: 'https://forms.example.in/test',
    createdAt: ctx.clock.now(),
    createdBy: new ObjectId(),
  };
  return { ...newMeetingDoc(client, doctor, { ...defaults, startsAt: fields.startsAt }), ...fields };
}

/** `meetingBetween`, stored as a booking stores it (with its participants' read model); returns its id. */
export async function storeMeetingBetween(ctx: TestContext, clientId: string, doctorId: string, fields: Partial<MeetingDoc> & Pick<MeetingDoc, 'startsAt'>): Promise<string> {
  const doc = await meetingBetween(ctx, clientId, doctorId, fields);
  await insertMeetings(ctx.deps.db, [doc]);
  return doc._id.toHexString();
}
