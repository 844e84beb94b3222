import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { AuditEntry } from '@bh/shared';
import { server } from '../test/server.ts';
import { objectId } from '../mocks/db.ts';
import { adminWorld, findHeading, renderPortal } from '../test/render.tsx';
import { api } from '@bh/shared/contract';
import { mockPath } from '../mocks/contract.ts';

function world() {
  const w = adminWorld();
  const entry = (at: string, actor: string, action: AuditEntry['action'], target: string): AuditEntry => ({
    id: objectId(w.db),
    at,
    actor,
    action,
    target,
  });
  w.state.audit.push(
    entry('2026-03-01T05:00:00.000Z', 'asha.admin@example.in', 'account.create', 'kiran@example.in'),
    entry('2026-03-02T05:00:00.000Z', 'asha.admin@example.in', 'coupon.create', 'WELCOME10'),
    entry('2026-03-03T05:00:00.000Z', 'ravi.admin@example.in', 'application.verify', 'kiran@example.in'),
    entry('2026-03-04T05:00:00.000Z', 'kiran@example.in', 'password.change', 'kiran@example.in'),
  );
  const filters: unknown[] = [];
  server.use(
    http.get(mockPath(api.admin.audit), ({ request }) => {
      filters.push(JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}'));
    }),
  );
  return { ...w, filters };
}

const actions = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent);

async function open() {
  renderPortal('/admin/grids/audit');
  await findHeading('Audit Log');
  await waitFor(() => expect(actions()).toHaveLength(4));
}

describe('Audit Log grid (/admin/grids/audit)', () => {
  it('shows who did what and when, newest first, in words', async () => {
    world();
    await open();
    expect(actions()).toEqual(['Password changed', 'Application verified', 'Coupon created', 'Account created']);
    const cells = within(within(screen.getByRole('table')).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      expect.stringMatching(/^Mar 4, 2026, 10:30\sAM$/),
      'kiran@example.in',
      'Password changed',
      'kiran@example.in',
    ]);
  });

  it('filters by action', async () => {
    const { filters } = world();
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('combobox', { name: 'What' }));
    await user.click(await screen.findByRole('option', { name: 'Coupon created' }));
    await waitFor(() => expect(actions()).toEqual(['Coupon created']));
    expect(filters.at(-1)).toEqual({ action: 'coupon.create' });
  });

  it('filters by who, by email', async () => {
    world();
    const user = userEvent.setup();
    await open();
    await user.type(screen.getByRole('textbox', { name: 'Who (email)' }), 'ravi.admin@example.in');
    await waitFor(() => expect(actions()).toEqual(['Application verified']));
  });

  it('filters by date range', async () => {
    const { filters } = world();
    await open();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-02' } });
    await waitFor(() => expect(actions()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-03' } });
    await waitFor(() => expect(actions()).toEqual(['Application verified', 'Coupon created']));
    expect(filters.at(-1)).toEqual({ from: '2026-03-02', to: '2026-03-03' });
  });
});
