import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addMeeting, addUser } from '../mocks/db.ts';
import { adminWorld, findHeading, renderPortal } from '../test/render.tsx';

const DAY = 86_400_000;

async function meetingsGrid() {
  const w = adminWorld();
  const priya = addUser(w.db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
  const meera = addUser(w.db, { name: 'Dr. Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
  const base = Math.floor((Date.now() + DAY) / 60_000) * 60_000;
  for (let i = 0; i < 3; i++) addMeeting(w.db, { client: priya, associate: meera, startsAt: new Date(base + i * DAY) });
  renderPortal('/admin/grids/meetings');
  await findHeading('All Meetings');
  const table = await screen.findByRole('table');
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
  return table;
}

const header = (table: HTMLElement, name: string) => within(table).getByRole('columnheader', { name });

describe("the admin grids' sort headers (issue 53)", () => {
  it('names each sort button by its column, says what a press does as its description, and marks the sorted column', async () => {
    const table = await meetingsGrid();
    const client = within(table).getByRole('button', { name: 'Client' });
    expect(client).toHaveAccessibleDescription('Sort by client ascending');
    expect(within(table).queryAllByRole('button', { name: /^Sort by/ })).toEqual([]);
    // Newest first, on the meeting's time.
    expect(header(table, 'When')).toHaveAttribute('aria-sort', 'descending');
    expect(header(table, 'Client')).not.toHaveAttribute('aria-sort');
    // A column the API cannot sort by has a plain header.
    expect(within(header(table, 'User Joined')).queryByRole('button')).toBeNull();
  });

  it("sorts by keyboard, moves aria-sort to the new column and announces 'Sorted by Client, ascending'", async () => {
    const user = userEvent.setup();
    const table = await meetingsGrid();
    const status = screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'polite' && region.closest('#main-content'));
    expect(status).toBeDefined();
    expect(status).toHaveTextContent('');
    const client = within(table).getByRole('button', { name: 'Client' });
    client.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(header(table, 'Client')).toHaveAttribute('aria-sort', 'ascending'));
    expect(header(table, 'When')).not.toHaveAttribute('aria-sort');
    await waitFor(() => expect(status).toHaveTextContent('Sorted by Client, ascending'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(header(table, 'Client')).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(status).toHaveTextContent('Sorted by Client, descending'));
  });

  it('shows a focus ring on the sort button that Tab reaches', async () => {
    const user = userEvent.setup();
    const table = await meetingsGrid();
    const when = within(table).getByRole('button', { name: 'When' });
    // Tab from the element just before the header row.
    const buttons = within(table).getAllByRole('button');
    expect(buttons[0]).toBe(when);
    for (let i = 0; i < 60 && document.activeElement !== when; i++) await user.tab();
    expect(when).toHaveFocus();
    expect(when).toHaveClass('Mui-focusVisible');
    expect(getComputedStyle(when).outlineStyle).toBe('solid');
    expect(getComputedStyle(when).outlineWidth).toBe('3px');
  });
});
