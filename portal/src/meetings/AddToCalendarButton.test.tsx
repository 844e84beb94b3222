import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { formatIstWithZone } from '@bh/shared';
import { addMeeting, addUser } from '../mocks/db.ts';
import { renderPortal, testDb } from '../test/render.tsx';
import { createApiClient, api } from '@bh/shared/contract';

describe("'Add to calendar' on upcoming sessions", () => {
  it('links each upcoming session to its calendar file, and past ones not at all', async () => {
    const db = testDb();
    const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    const meera = addUser(db, { name: 'Dr Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
    const soon = addMeeting(db, { client: priya, associate: meera, startsAt: new Date(Date.now() + 26 * 3600_000) });
    addMeeting(db, { client: priya, associate: meera, startsAt: new Date(Date.now() - 48 * 3600_000) });
    renderPortal('/dashboard', { db, signedIn: priya });
    const link = await screen.findByRole('link', { name: `Add the session on ${formatIstWithZone(soon.startsAt)} to your calendar` });
    expect(link).toHaveAttribute('href', createApiClient().url(api.calendar.meetingIcs, { params: { meetingId: soon._id } }));
    expect(link).toHaveAttribute('download');
    expect(screen.getAllByRole('link', { name: /to your calendar$/ })).toHaveLength(1);
    const response = await fetch(new URL(link.getAttribute('href')!, window.location.origin));
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  });
});
