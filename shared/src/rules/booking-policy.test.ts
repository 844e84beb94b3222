import { describe, expect, it } from 'vitest';
import { bookingOptions, newMeetingState, policyActorOf, refundBand, type PolicyActor } from './booking-policy.ts';

const START = new Date('2026-07-01T10:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const before = (ms: number) => new Date(START.getTime() - ms);
const after = (ms: number) => new Date(START.getTime() + ms);
const opts = (actor: PolicyActor, now: Date) => bookingOptions({ start: START, now, actor });

describe('the booking policy at its boundaries (terms: 24 h full, 12–24 h 50 %, under 12 h none)', () => {
  it('a client exactly 24 h ahead reschedules at once and cancels with a full refund', () => {
    expect(opts('client', before(24 * HOUR))).toEqual({ cancel: 'direct', cancelBand: 'full', reschedule: 'direct', attendance: false });
  });

  it('a client 23 h 59 m ahead must ask for a reschedule and gets half back on cancelling', () => {
    expect(opts('client', before(24 * HOUR - MIN))).toEqual({ cancel: 'direct', cancelBand: 'half', reschedule: 'request', attendance: false });
  });

  it('exactly 12 h ahead is still the 50 % band; a minute less is no refund', () => {
    expect(opts('client', before(12 * HOUR)).cancelBand).toBe('half');
    expect(opts('client', before(12 * HOUR - MIN)).cancelBand).toBe('none');
    expect(opts('client', before(MIN)).cancelBand).toBe('none');
  });

  it('from the start on a client can change nothing', () => {
    expect(opts('client', START)).toEqual({ cancel: 'no', cancelBand: null, reschedule: 'no', attendance: false });
    expect(opts('client', after(MIN)).cancel).toBe('no');
  });

  it('an associate asks an admin before the start and marks attendance only after the end', () => {
    expect(opts('associate', before(48 * HOUR))).toEqual({ cancel: 'request', cancelBand: null, reschedule: 'request', attendance: false });
    expect(opts('associate', START)).toEqual({ cancel: 'no', cancelBand: null, reschedule: 'no', attendance: false });
    expect(opts('associate', after(90 * MIN - 1)).attendance).toBe(false);
    expect(opts('associate', after(90 * MIN)).attendance).toBe(true);
  });

  it('an admin may always cancel or reschedule a scheduled meeting, and marks attendance from the start', () => {
    expect(opts('admin', before(HOUR))).toEqual({ cancel: 'direct', cancelBand: 'none', reschedule: 'direct', attendance: false });
    expect(opts('admin', START)).toMatchObject({ cancel: 'direct', reschedule: 'direct', attendance: true });
  });

  it('nothing changes a meeting that is no longer scheduled', () => {
    for (const status of ['cancelled', 'completed', 'no_show'] as const) {
      expect(bookingOptions({ start: START, now: before(48 * HOUR), actor: 'admin', status })).toEqual({ cancel: 'no', cancelBand: null, reschedule: 'no', attendance: false });
    }
  });

  it("an associate's cancellation and a technical failure are refunded in full whatever the notice", () => {
    expect(refundBand('associate_unavailable', 0)).toBe('full');
    expect(refundBand('technical_failure', -HOUR)).toBe('full');
    expect(refundBand('client_request', 24 * HOUR)).toBe('full');
    expect(refundBand('client_request', 24 * HOUR - 1)).toBe('half');
    expect(refundBand('client_request', 12 * HOUR)).toBe('half');
    expect(refundBand('client_request', 12 * HOUR - 1)).toBe('none');
  });
});

describe('a new meeting', () => {
  it('starts scheduled, unjoined, without a report or changes, with a history of its own', () => {
    const first = newMeetingState();
    expect(first).toEqual({ userJoinedAt: null, docJoinedAt: null, reportLink: '', status: 'scheduled', cancellation: null, noShowBy: null, history: [] });
    // Each meeting's history is its own list: a change pushed to one never shows in another.
    expect(newMeetingState().history).not.toBe(first.history);
  });
});

describe('role → actor, the one mapping the API, the portal and its mocks use', () => {
  it('a user is the client, a doctor the associate, an admin the admin', () => {
    expect(policyActorOf('user')).toBe('client');
    expect(policyActorOf('doctor')).toBe('associate');
    expect(policyActorOf('admin')).toBe('admin');
  });
  it('no role, or one the policy does not know, has no actor', () => {
    expect(policyActorOf(undefined)).toBeNull();
    expect(policyActorOf(null)).toBeNull();
    expect(policyActorOf('guest')).toBeNull();
    expect(policyActorOf('toString')).toBeNull();
  });
});
