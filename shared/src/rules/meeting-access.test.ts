import { describe, expect, it } from 'vitest';
import { ownSideOf, seesMeeting, takesPart } from './meeting-access.ts';

const meeting = { clientId: 'priya@example.in', doctorId: 'meera@example.in' };

describe('who sees a meeting', () => {
  it('gives a client the client side and anyone else the associate side', () => {
    expect(ownSideOf('user', meeting)).toBe('priya@example.in');
    expect(ownSideOf('doctor', meeting)).toBe('meera@example.in');
    expect(ownSideOf('admin', meeting)).toBe('meera@example.in');
  });

  it('lets participants see their own meetings, on their own side only', () => {
    expect(seesMeeting({ role: 'user', id: 'priya@example.in' }, meeting)).toBe(true);
    expect(seesMeeting({ role: 'doctor', id: 'meera@example.in' }, meeting)).toBe(true);
    // The associate's email as a client's is not the client's side.
    expect(seesMeeting({ role: 'user', id: 'meera@example.in' }, meeting)).toBe(false);
    expect(seesMeeting({ role: 'doctor', id: 'priya@example.in' }, meeting)).toBe(false);
    expect(seesMeeting({ role: 'user', id: 'rahul@example.in' }, meeting)).toBe(false);
  });

  it('lets admins see every meeting, though they take part in none', () => {
    expect(seesMeeting({ role: 'admin', id: 'admin@example.in' }, meeting)).toBe(true);
    expect(takesPart({ role: 'admin', id: 'admin@example.in' }, meeting)).toBe(false);
  });

  it('compares ids with the comparison given', () => {
    const ids = { clientId: { hex: 'a' }, doctorId: { hex: 'b' } };
    const same = (x: { hex: string }, y: { hex: string }) => x.hex === y.hex;
    expect(seesMeeting({ role: 'user', id: { hex: 'a' } }, ids, same)).toBe(true);
    expect(seesMeeting({ role: 'user', id: { hex: 'a' } }, ids)).toBe(false);
  });
});
