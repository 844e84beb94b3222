import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminWorld, findHeading, renderPortal } from '../test/render.tsx';

describe("Schedule Meeting's AM/PM toggle by keyboard (issue 53)", () => {
  it('reaches AM and then PM by Tab, and Space chooses PM', async () => {
    adminWorld();
    const user = userEvent.setup();
    renderPortal('/admin/create-meeting');
    await findHeading('Schedule New Meeting');
    const time = screen.getByLabelText<HTMLInputElement>(/^Meeting Time/);
    const am = screen.getByRole('button', { name: 'AM' });
    const pm = screen.getByRole('button', { name: 'PM' });
    expect(am).toHaveAttribute('aria-pressed', 'true');
    time.focus();
    await user.tab();
    expect(am).toHaveFocus();
    await user.tab();
    expect(pm).toHaveFocus();
    await user.keyboard(' ');
    expect(pm).toHaveAttribute('aria-pressed', 'true');
    expect(am).toHaveAttribute('aria-pressed', 'false');
  });
});
