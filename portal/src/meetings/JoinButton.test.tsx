import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addMeeting, addUser } from '../mocks/db.ts';
import { renderInAdmin, testDb } from '../test/render.tsx';
import { stubTabs } from '../test/tabs.ts';
import { JoinButton } from './JoinButton.tsx';

function meetingAt(startsAt: Date) {
  const db = testDb();
  const client = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
  const associate = addUser(db, { name: 'Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
  return addMeeting(db, { client, associate, startsAt });
}

describe('Join outside its window (issue 53)', () => {
  it("is one Tab stop, a button a screen reader calls unavailable and gives the reason of, and a press does nothing", async () => {
    const user = userEvent.setup();
    const { open } = stubTabs();
    const now = new Date('2026-03-10T04:30:00.000Z');
    const meeting = meetingAt(new Date(now.getTime() + 30 * 60_000));
    renderInAdmin(<JoinButton meeting={meeting} now={now} tooltip="bh.meeting.joinEarlyTooltip" />);
    const join = await screen.findByRole('button', { name: `Join ${meeting.meetingDate} ${meeting.meetingTime}` });
    expect(join).toHaveAttribute('aria-disabled', 'true');
    expect(join).toHaveAccessibleDescription('You can join 5 minutes before the meeting starts');
    // Nothing else takes focus: no focusable wrapper around it.
    expect(document.querySelectorAll('[tabindex="0"]:not(button)')).toHaveLength(0);
    await user.tab();
    expect(join).toHaveFocus();
    // Keyboard focus shows the reason as well.
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You can join 5 minutes before the meeting starts');
    await user.keyboard('{Enter}');
    await user.click(join);
    expect(open).not.toHaveBeenCalled();
  });

  it('is a plain button inside the window', async () => {
    const now = new Date('2026-03-10T04:30:00.000Z');
    const meeting = meetingAt(new Date(now.getTime() + 2 * 60_000));
    renderInAdmin(<JoinButton meeting={meeting} now={now} />);
    const join = await screen.findByRole('button', { name: `Join ${meeting.meetingDate} ${meeting.meetingTime}` });
    expect(join).toBeEnabled();
    expect(join).not.toHaveAttribute('aria-disabled');
    expect(join).not.toHaveAttribute('aria-describedby');
  });
});
