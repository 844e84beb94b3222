import type { Role } from '../schemas/user.ts';

/** The two people a meeting is between, by whatever id the caller keeps them (the API's ObjectIds, the mock's emails). */
export interface MeetingSides<Id> {
  clientId: Id;
  doctorId: Id;
}

/**
 * The side of a meeting a person takes part on, by their role: a client's own meetings are the ones
 * they are the client of, anyone else's (a BH Associate's) the ones they give.
 */
export function ownSideOf<Id>(role: Role, meeting: MeetingSides<Id>): Id {
  return role === 'user' ? meeting.clientId : meeting.doctorId;
}

/**
 * Whether a person takes part in the meeting on their own side (joining, the participant's lists).
 * `same` compares two ids (`===` unless given: the API's ObjectIds compare with `equals`).
 */
export function takesPart<Id>(person: { role: Role; id: Id }, meeting: MeetingSides<Id>, same: (a: Id, b: Id) => boolean = (a, b) => a === b): boolean {
  return same(ownSideOf(person.role, meeting), person.id);
}

/**
 * Who sees a meeting (DESIGN §5): admins every meeting (which admins get this far is the access
 * table's), anyone else only a meeting they take part in. Someone else's meeting is "not found".
 */
export function seesMeeting<Id>(person: { role: Role; id: Id }, meeting: MeetingSides<Id>, same?: (a: Id, b: Id) => boolean): boolean {
  return person.role === 'admin' || takesPart(person, meeting, same);
}
